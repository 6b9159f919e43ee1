import type { ReactNode } from 'react';
import styled from 'styled-components';
import { stackedTableRows, StyledStackedTableFrame } from '@app/shared/staff';

// Stacked on a phone, each value carries its column's name (data-label); the roles keep it a table for screen readers.
const StyledTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.875rem;
  caption { text-align: left; padding: ${({ theme }) => theme.space(2)}; font-weight: 600; }
  th, td { padding: ${({ theme }) => `${theme.space(1.5)} ${theme.space(2)}`}; border-top: 1px solid ${({ theme }) => theme.colors.border}; text-align: right; white-space: nowrap; }
  th:first-child, td:first-child { text-align: left; }
  thead th { background: ${({ theme }) => theme.colors.surfaceAlt}; }
  tfoot td { font-weight: 600; }
  ${stackedTableRows}
`;

export interface ReportTableProps {
  caption: string;
  head: string[];
  rows: ReactNode[][];
  foot?: ReactNode[];
  /** More total rows after `foot` (the Pipeline report's won and lost deals, beside its total). */
  footRows?: ReactNode[][];
}

/** A report's figures as a table: what the chart shows, readable cell by cell. */
export function ReportTable({ caption, head, rows, foot, footRows = [] }: ReportTableProps) {
  // The first cell names its row; the others are labelled with their column for the stacked layout.
  const label = (index: number) => (index === 0 ? undefined : head[index]);
  return (
    <StyledStackedTableFrame>
      <StyledTable role="table">
        <caption>{caption}</caption>
        <thead role="rowgroup">
          <tr role="row">
            {head.map((cell) => (
              <th key={cell} scope="col" role="columnheader">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.map((row, index) => (
            <tr key={index} role="row">
              {row.map((cell, cellIndex) =>
                cellIndex === 0 ? (
                  <th key={cellIndex} scope="row" role="rowheader">
                    {cell}
                  </th>
                ) : (
                  <td key={cellIndex} role="cell" data-label={label(cellIndex)}>
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
        {foot && (
          <tfoot role="rowgroup">
            {[foot, ...footRows].map((row, rowIndex) => (
              <tr key={rowIndex} role="row">
                {row.map((cell, index) => (
                  <td key={index} role="cell" data-label={label(index)}>
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tfoot>
        )}
      </StyledTable>
    </StyledStackedTableFrame>
  );
}

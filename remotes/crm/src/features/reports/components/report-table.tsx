import type { ReactNode } from 'react';
import styled from 'styled-components';

/** Below this width a row is a card of label and value lines, so no column hides past the edge of a phone. */
const STACKED_BELOW = '599.98px';

const StyledScroll = styled.div`
  overflow-x: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  @media (max-width: ${STACKED_BELOW}) {
    border: 0;
  }
`;

// Stacked, each value carries its column's name (data-label); the roles keep it a table for screen readers.
const StyledTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.875rem;
  caption { text-align: left; padding: ${({ theme }) => theme.space(2)}; font-weight: 600; }
  th, td { padding: ${({ theme }) => `${theme.space(1.5)} ${theme.space(2)}`}; border-top: 1px solid ${({ theme }) => theme.colors.border}; text-align: right; white-space: nowrap; }
  th:first-child, td:first-child { text-align: left; }
  thead th { background: ${({ theme }) => theme.colors.surfaceAlt}; }
  tfoot td { font-weight: 600; }
  @media (max-width: ${STACKED_BELOW}) {
    caption { padding-left: 0; }
    thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
    tbody, tfoot, tr { display: block; }
    tr {
      border: 1px solid ${({ theme }) => theme.colors.border};
      border-radius: ${({ theme }) => theme.radii.md};
      margin-bottom: ${({ theme }) => theme.space(2)};
      padding: ${({ theme }) => theme.space(1)} 0;
    }
    th, td {
      display: flex;
      justify-content: space-between;
      gap: ${({ theme }) => theme.space(3)};
      border-top: 0;
      white-space: normal;
      overflow-wrap: anywhere;
    }
    th:first-child, td:first-child { font-weight: 700; }
    [data-label]::before {
      content: attr(data-label);
      color: ${({ theme }) => theme.colors.textMuted};
      font-weight: 400;
      text-align: left;
    }
  }
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
    <StyledScroll>
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
    </StyledScroll>
  );
}

import type { ReactNode } from 'react';
import styled from 'styled-components';

const StyledScroll = styled.div`
  overflow-x: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
`;

const StyledTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.875rem;
  caption { text-align: left; padding: ${({ theme }) => theme.space(2)}; font-weight: 600; }
  th, td { padding: ${({ theme }) => `${theme.space(1.5)} ${theme.space(2)}`}; border-top: 1px solid ${({ theme }) => theme.colors.border}; text-align: right; white-space: nowrap; }
  th:first-child, td:first-child { text-align: left; }
  thead th { background: ${({ theme }) => theme.colors.surfaceAlt}; }
  tfoot td { font-weight: 600; }
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
  return (
    <StyledScroll>
      <StyledTable>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>
              {row.map((cell, cellIndex) =>
                cellIndex === 0 ? (
                  <th key={cellIndex} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={cellIndex}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
        {foot && (
          <tfoot>
            {[foot, ...footRows].map((row, rowIndex) => (
              <tr key={rowIndex}>
                {row.map((cell, index) => (
                  <td key={index}>{cell}</td>
                ))}
              </tr>
            ))}
          </tfoot>
        )}
      </StyledTable>
    </StyledScroll>
  );
}

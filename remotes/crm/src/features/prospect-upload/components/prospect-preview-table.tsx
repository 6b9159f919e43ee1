import styled from 'styled-components';
import { PREVIEW_ROWS, type UploadItem } from '@app/shared/forms';

const StyledScroller = styled.div`
  overflow-x: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
`;

const StyledTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.85rem;
  caption {
    text-align: left;
    font-weight: 600;
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  }
  th, td {
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
    border-top: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
    white-space: nowrap;
    max-width: 14rem;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  th { background: ${({ theme }) => theme.colors.surfaceAlt}; }
`;

const COLUMNS: { key: keyof UploadItem; label: string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'email', label: 'Email' },
  { key: 'phone1', label: 'Phone1' },
  { key: 'city', label: 'City' },
  { key: 'industry', label: 'Industry' },
];

export function previewCaption(total: number): string {
  return `Preview (${Math.min(PREVIEW_ROWS, total)} of ${total} prospects)`;
}

/** The first rows of the file as they will be sent. */
export function ProspectPreviewTable({ items }: { items: readonly Partial<UploadItem>[] }) {
  return (
    <StyledScroller tabIndex={0} role="region" aria-label="Preview">
      <StyledTable>
        <caption>{previewCaption(items.length)}</caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column.key} scope="col">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.slice(0, PREVIEW_ROWS).map((item, index) => (
            <tr key={index}>
              {COLUMNS.map((column) => (
                <td key={column.key} title={item[column.key]}>
                  {item[column.key] || '—'}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </StyledTable>
    </StyledScroller>
  );
}

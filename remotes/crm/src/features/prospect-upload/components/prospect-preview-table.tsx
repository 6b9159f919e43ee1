import styled from 'styled-components';
import { PREVIEW_ROWS, type UploadItem } from '@app/shared/forms';
import { StyledDataTable, StyledTableScroller } from '../../../components/layout';

const StyledTable = styled(StyledDataTable)`
  font-size: 0.85rem;
  caption {
    text-align: left;
    font-weight: 600;
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  }
  /* A long value wraps in its cell: on a phone a cut one could not be read anywhere in the dialog. */
  td {
    min-width: 6rem;
    max-width: 14rem;
    overflow-wrap: anywhere;
  }
  th { white-space: nowrap; }
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
    <StyledTableScroller tabIndex={0} role="region" aria-label="Preview">
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
    </StyledTableScroller>
  );
}

import styled from 'styled-components';
import { Badge } from '@app/shared';
import { PREVIEW_ROWS, rowErrorText, rowWarningText, type BulkRowError, type BulkRowWarning, type UploadItem } from '@app/shared/forms';
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

const StyledMark = styled(Badge)`
  margin-right: ${({ theme }) => theme.space(1)};
  /* One word: at 390 px a narrow column broke "Warning" inside it. */
  white-space: nowrap;
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

/** A row's mark: refused with its error, or imported without the values its warnings name. */
function RowMark({ error, warnings }: { error?: BulkRowError; warnings: readonly BulkRowWarning[] }) {
  if (error) {
    return (
      <StyledMark $tone="danger" title={rowErrorText(error)}>
        Error
      </StyledMark>
    );
  }
  if (warnings.length === 0) return null;
  return (
    <StyledMark $tone="warning" title={warnings.map(rowWarningText).join('\n')}>
      Warning
    </StyledMark>
  );
}

export interface ProspectPreviewTableProps {
  items: readonly Partial<UploadItem>[];
  errors?: readonly BulkRowError[];
  warnings?: readonly BulkRowWarning[];
}

/** The first rows of the file as they will be saved, each row with an error or a warning marked. */
export function ProspectPreviewTable({ items, errors = [], warnings = [] }: ProspectPreviewTableProps) {
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
              {COLUMNS.map((column, position) => (
                <td key={column.key} title={item[column.key]}>
                  {position === 0 && (
                    <RowMark error={errors.find((error) => error.row === index + 1)} warnings={warnings.filter((warning) => warning.row === index + 1)} />
                  )}
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

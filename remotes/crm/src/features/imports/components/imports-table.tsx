import styled from 'styled-components';
import { Badge, Button } from '@app/shared';
import { formatDateTimeLong } from '@app/shared/staff';
import { type ProspectImport } from '@app/shared/forms';
import { StyledDataTable, StyledTableScroller } from '../../../components/layout';
import { importStatus } from '../utils/import-texts';

const StyledTable = styled(StyledDataTable)`
  font-size: 0.9rem;
  td { vertical-align: middle; }
  thead th { border-top: none; white-space: nowrap; }
  td.number { text-align: right; font-variant-numeric: tabular-nums; }
  td.nowrap { white-space: nowrap; }
  td.file { min-width: 10rem; max-width: 20rem; overflow-wrap: break-word; font-weight: 600; }
`;

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(2)};
`;

/** What an import offers to download: the rows it refused, or those it saved with warnings. */
export type ImportDownload = 'refused' | 'warnings';

export interface ImportsTableProps {
  imports: readonly ProspectImport[];
  onDownload: (entry: ProspectImport, kind: ImportDownload) => void;
  onRevert: (entry: ProspectImport) => void;
  downloading: string | null;
}

/** Newest first: each upload with what it did, its refused rows and warnings to download, and its revert. */
export function ImportsTable({ imports, onDownload, onRevert, downloading }: ImportsTableProps) {
  return (
    <StyledTableScroller tabIndex={0} role="region" aria-label="Imports">
      <StyledTable>
        <thead>
          <tr>
            <th scope="col">File</th>
            <th scope="col">Imported by</th>
            <th scope="col">When</th>
            <th scope="col">Created</th>
            <th scope="col">Refused</th>
            <th scope="col">With warnings</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {imports.map((entry) => (
            <tr key={entry.id} aria-label={entry.file_name}>
              <td className="file">{entry.file_name}</td>
              <td>{entry.created_by ?? 'Deleted user'}</td>
              <td>{formatDateTimeLong(entry.created_at)}</td>
              <td className="number">{entry.rows_created}</td>
              <td className="number">{entry.rows_refused}</td>
              <td className="number">{entry.rows_warned}</td>
              <td className="nowrap">
                <Badge $tone={entry.reverted_at ? 'warning' : 'success'} title={entry.reverted_by ? `Reverted by ${entry.reverted_by}` : undefined}>
                  {importStatus(entry)}
                </Badge>
              </td>
              <td>
                <StyledActions>
                  {entry.rows_refused > 0 && (
                    <Button
                      $variant="secondary"
                      aria-label={`Download refused rows of ${entry.file_name}`}
                      onClick={() => onDownload(entry, 'refused')}
                      disabled={downloading === entry.id}
                    >
                      Download refused rows
                    </Button>
                  )}
                  {entry.rows_warned > 0 && (
                    <Button
                      $variant="secondary"
                      aria-label={`Download warnings of ${entry.file_name}`}
                      onClick={() => onDownload(entry, 'warnings')}
                      disabled={downloading === entry.id}
                    >
                      Download warnings
                    </Button>
                  )}
                  {!entry.reverted_at && (
                    <Button $variant="secondary" aria-label={`Revert ${entry.file_name}`} onClick={() => onRevert(entry)}>
                      Revert
                    </Button>
                  )}
                </StyledActions>
              </td>
            </tr>
          ))}
        </tbody>
      </StyledTable>
    </StyledTableScroller>
  );
}

import { toCsv } from '@app/shared';
import { rowErrorText, UPLOAD_FIELD_MAP, type RefusedRow } from '@app/shared/forms';

/** The refused rows' file: the upload template's columns, so it can be fixed and sent again, and why each row was refused. */
export function refusedRowsCsv(rows: readonly RefusedRow[]): string {
  const columns = Object.entries(UPLOAD_FIELD_MAP);
  return toCsv([
    [...columns.map(([label]) => label), 'Error'],
    ...rows.map((row) => [...columns.map(([, field]) => row.data[field] ?? ''), rowErrorText(row)]),
  ]);
}

/** clients.xlsx -> clients-refused-rows.csv */
export function refusedRowsFileName(fileName: string): string {
  const base = fileName.replace(/\.[^.]*$/, '').replace(/[\\/:*?"<>|]/g, '_') || 'import';
  return `${base}-refused-rows.csv`;
}

import { toCsv } from '@app/shared/files/csv-text';
import { rowErrorText, UPLOAD_FIELD_MAP, warningLabel, type RefusedRow, type WarnedRow } from '@app/shared/forms';

/** The upload template's columns with each row's values, so a row can be fixed and sent again, then a column saying why. */
function rowsCsv<Row extends { data: Record<string, string> }>(rows: readonly Row[], why: string, reason: (row: Row) => string): string {
  const columns = Object.entries(UPLOAD_FIELD_MAP);
  return toCsv([[...columns.map(([label]) => label), why], ...rows.map((row) => [...columns.map(([, field]) => row.data[field] ?? ''), reason(row)])]);
}

/** The refused rows' file: why each row was refused. */
export function refusedRowsCsv(rows: readonly RefusedRow[]): string {
  return rowsCsv(rows, 'Error', rowErrorText);
}

/** The file of rows imported with warnings: all they held in the file, and what the import left out of each. */
export function warnedRowsCsv(rows: readonly WarnedRow[]): string {
  return rowsCsv(rows, 'Warnings', ({ row, warnings }) => `Row ${row}: ${warnings.map(({ field, reason }) => `${warningLabel(field)} ${reason}`).join('; ')}`);
}

function baseName(fileName: string): string {
  return fileName.replace(/\.[^.]*$/, '').replace(/[\\/:*?"<>|]/g, '_') || 'import';
}

/** clients.xlsx -> clients-refused-rows.csv */
export function refusedRowsFileName(fileName: string): string {
  return `${baseName(fileName)}-refused-rows.csv`;
}

/** clients.xlsx -> clients-warnings.csv */
export function warnedRowsFileName(fileName: string): string {
  return `${baseName(fileName)}-warnings.csv`;
}

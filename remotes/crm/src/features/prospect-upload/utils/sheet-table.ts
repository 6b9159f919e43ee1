/** A spreadsheet's header row and data rows, every cell as text. */
export interface SheetTable {
  headers: string[];
  rows: string[][];
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A cell as text: a date as YYYY-MM-DD (spreadsheet dates carry no zone, so their UTC parts are
 * the date as typed), a whole number with all its digits (a phone stored as a number must not
 * come out as 3.314e10), anything else trimmed.
 */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return '';
    return `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
  }
  if (typeof value === 'number') return Number.isFinite(value) ? value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 }) : '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return '';
}

/**
 * The first row that holds anything is the header row; rows with nothing in them are dropped;
 * a header left blank is named by its column's number.
 */
export function toSheetTable(cells: readonly (readonly unknown[])[]): SheetTable | null {
  const rows = cells.map((row) => row.map(cellText)).filter((row) => row.some(Boolean));
  const [header, ...data] = rows;
  if (!header) return null;
  const width = Math.max(header.length, ...data.map((row) => row.length));
  const headers = Array.from({ length: width }, (_, index) => header[index]?.replace(/^\uFEFF/, '') || `Column ${index + 1}`);
  return { headers, rows: data.map((row) => Array.from({ length: width }, (_, index) => row[index] ?? '')) };
}

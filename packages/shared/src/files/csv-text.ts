/**
 * A spreadsheet opening a CSV runs a cell that starts with one of these as a formula, so a
 * downloaded cell starting with one gets an apostrophe first, and a CSV read back drops it again.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** The text with an apostrophe first when a spreadsheet would read it as a formula (OWASP's advice for CSV injection). */
export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export function csvCell(value: string): string {
  return `"${neutraliseFormula(value).replace(/"/g, '""')}"`;
}

/** The rows as CSV text: every cell quoted, lines ended by CRLF, a byte order mark first so spreadsheets read UTF-8. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** A cell of a CSV read back: the apostrophe a download put before a formula character goes. */
export function unguardCsvCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

/** Helpers for raw SQL statements and their answers, the same on node-postgres and PGlite. */

/**
 * Rows of a raw `db.execute(sql...)`: node-postgres and PGlite both answer { rows }, but the
 * driver-neutral Db type does not say so.
 */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** count(*) and sums come back as strings from node-postgres (bigint) and numbers from PGlite. */
export function toInt(value: unknown): number {
  return value === null || value === undefined ? 0 : Number(value);
}

/** JavaScript's Date.toISOString(), in SQL: UTC, milliseconds, a Z (a column's text, for JSON the database writes). */
export const isoSql = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** `q` as a LIKE pattern: a case-insensitive substring, with LIKE's own wildcards taken literally. */
export function containsPattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** How many rows a statement without RETURNING changed: node-postgres says rowCount, PGlite affectedRows. */
export function changedRows(result: unknown): number {
  const { rowCount, affectedRows } = result as { rowCount?: number | null; affectedRows?: number };
  return rowCount ?? affectedRows ?? 0;
}

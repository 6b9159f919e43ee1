/** Helpers for raw SQL statements and their answers. */

/** Rows of a raw `db.execute(sql...)`: node-postgres answers { rows }, which the Db type does not say. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** count(*) and sums come back from node-postgres as strings (bigint, numeric). */
export function toInt(value: unknown): number {
  return value === null || value === undefined ? 0 : Number(value);
}

/** JavaScript's Date.toISOString(), in SQL: UTC, milliseconds, a Z (a column's text, for JSON the database writes). */
export const isoSql = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** `q` as a LIKE pattern: a case-insensitive substring, with LIKE's own wildcards taken literally. */
export function containsPattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** How many rows a statement without RETURNING changed (node-postgres' rowCount). */
export function changedRows(result: unknown): number {
  return (result as { rowCount?: number | null }).rowCount ?? 0;
}

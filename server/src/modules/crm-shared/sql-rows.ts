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

/** `q` as a LIKE pattern: a case-insensitive substring, with LIKE's own wildcards taken literally. */
export function containsPattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

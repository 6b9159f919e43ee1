import { verdict } from './load';

/** A figure of the app beside its baseline (the bare statement, COPY, the wall off), in the same unit. */
export interface Share {
  app: number;
  base: number;
  unit: string;
}

export const pct = (part: number, whole: number) => `${Math.round((part / whole) * 100)}%`;

const figure = (value: number) => Math.round(value).toLocaleString('en-US');

/** "91% (812 / 892 req/s) MET": the share (rounded down, as the target is a floor), both figures and the verdict. */
export function shareCell(share: Share | undefined, target: number): string {
  if (!share) return 'not run';
  const percent = Math.floor((share.app / share.base) * 100);
  return `${percent}% (${figure(share.app)} / ${figure(share.base)} ${share.unit}) ${verdict(share.app >= target * share.base)}`;
}

/** Prints rows (the first one the header) as a text table, columns padded to their widest cell. */
export function printTable(log: (line: string) => void, rows: string[][]): void {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  const line = (row: string[]) => `  ${row.map((cell, column) => (cell ?? '').padEnd(widths[column])).join(' | ')}`.trimEnd();
  log(line(rows[0]));
  log(`  ${widths.map((width) => '-'.repeat(width)).join('-+-')}`);
  for (const row of rows.slice(1)) log(line(row));
}

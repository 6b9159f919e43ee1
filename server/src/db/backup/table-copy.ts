import fs from 'node:fs';
import readline from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { PassThrough, pipeline as pipeStreams, type Writable } from 'node:stream';
import zlib from 'node:zlib';

/**
 * A backup as every table copied in one snapshot (PostgreSQL's COPY, text format), for a database
 * whose PostgreSQL has no pg_dump beside it (the embedded default) and for moving an old embedded
 * data folder. One gzip file:
 *
 *   ORBITRA TABLE COPY 1
 *   {"createdAt":…,"serverVersion":…,"migrations":[{"hash":…,"createdAt":…}…],"sequences":[…]}
 *   {"table":"public.prospects","columns":["id",…]}
 *   <the table's rows as COPY … TO STDOUT writes them, a line each>
 *   \.
 *   … the next table …
 *   {"end":true,"tables":N}
 *
 * A row line never reads `\.` alone (COPY writes a backslash of the data as `\\`), so that line ends
 * a table; the closing line tells a whole file from a cut one.
 */
export const TABLE_COPY_MAGIC = 'ORBITRA TABLE COPY 1';

export interface AppliedMigration {
  hash: string;
  createdAt: number;
}

export interface SequenceValue {
  /** Qualified and quoted, as regclass prints it. */
  name: string;
  /** null: never used, left at its start. */
  lastValue: string | null;
}

export interface TableCopyHeader {
  createdAt: string;
  serverVersion: string;
  migrations: AppliedMigration[];
  sequences: SequenceValue[];
}

export interface TableSpec {
  /** Qualified and quoted, as regclass prints it (`public.prospects`). */
  table: string;
  /** Quoted column names, generated columns left out (the database computes them again). */
  columns: string[];
}

/** Where a backup's rows come from: a PostgreSQL connection in a snapshot, or an old PGlite folder. */
export interface TableCopySource {
  header(): Promise<TableCopyHeader>;
  tables(): Promise<TableSpec[]>;
  /** Writes the table's rows as COPY's text format. */
  copyOut(table: TableSpec, out: Writable): Promise<void>;
}

function writeLine(out: Writable, line: string): Promise<void> {
  return new Promise((resolve, reject) => out.write(`${line}\n`, (error) => (error ? reject(error) : resolve())));
}

/** Writes the whole backup to `file` (a partly written file is removed). */
export async function writeTableCopy(source: TableCopySource, file: string): Promise<{ tables: number }> {
  const body = new PassThrough();
  const written = pipeline(body, zlib.createGzip({ level: 6 }), fs.createWriteStream(file, { mode: 0o600 }));
  try {
    const tables = await source.tables();
    await writeLine(body, TABLE_COPY_MAGIC);
    await writeLine(body, JSON.stringify(await source.header()));
    for (const table of tables) {
      await writeLine(body, JSON.stringify(table));
      await source.copyOut(table, body);
      await writeLine(body, '\\.');
    }
    await writeLine(body, JSON.stringify({ end: true, tables: tables.length }));
    body.end();
    await written;
    return { tables: tables.length };
  } catch (error) {
    body.destroy(error instanceof Error ? error : new Error(String(error)));
    await written.catch(() => undefined);
    fs.rmSync(file, { force: true });
    throw error;
  }
}

export class TableCopyFormatError extends Error {}

/** A backup whose compressed data cannot be read to its end. */
export const INCOMPLETE_BACKUP = 'The backup file is incomplete or damaged: its compressed data cannot be read to the end. Nothing was restored.';

/** Node's zlib errors carry a Z_ code (not `instanceof Error` checked: they may come from another realm, as under jest). */
function isZlibError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' && error.code.startsWith('Z_');
}

/**
 * The lines of a gzip file. A read or gunzip error reaches the reader (its next line fails), and
 * closing the lines stops the reading: a file cut short raises nothing after its reader has let go
 * (a bare pipe would leave the gunzip's error with no listener, a crash of the process).
 */
function gzipLines(file: string): readline.Interface {
  const input = pipeStreams(fs.createReadStream(file), zlib.createGunzip(), () => undefined);
  const lines = readline.createInterface({ input, crlfDelay: Infinity });
  lines.on('close', () => input.destroy());
  return lines;
}

/** Whether the file is a table copy (a gzip file beginning with the magic line). */
export async function isTableCopy(file: string): Promise<boolean> {
  const lines = gzipLines(file);
  try {
    for await (const line of lines) return line === TABLE_COPY_MAGIC;
    return false;
  } catch {
    return false;
  } finally {
    lines.close();
  }
}

export interface TableCopyReader {
  header: TableCopyHeader;
  /** Each table in turn: `copyIn` is handed the table and its rows, a line each (without the newline). */
  tables(copyIn: (table: TableSpec, rows: AsyncIterable<string>) => Promise<void>): Promise<number>;
}

/** Reads the whole file once, so a cut or damaged one is refused before anything is written. */
export async function checkTableCopy(file: string): Promise<void> {
  const reader = await readTableCopy(file);
  await reader.tables(async (_table, rows) => {
    for await (const _row of rows);
  });
}

/** Reads a backup written by writeTableCopy, checking that it is whole. */
export async function readTableCopy(file: string): Promise<TableCopyReader> {
  const lines = gzipLines(file);
  const iterator = lines[Symbol.asyncIterator]();
  const next = async (): Promise<string> => {
    const { value, done } = await iterator.next().catch((error: unknown) => {
      // A gzip stream cut short or corrupted (Z_BUF_ERROR, Z_DATA_ERROR…): a file copied or downloaded in part.
      if (isZlibError(error)) throw new TableCopyFormatError(INCOMPLETE_BACKUP);
      throw error;
    });
    if (done) throw new TableCopyFormatError('The backup file ends early: it was not written whole.');
    return value;
  };
  const parse = <T>(line: string): T => {
    try {
      return JSON.parse(line) as T;
    } catch {
      throw new TableCopyFormatError('The backup file is damaged: a table heading cannot be read.');
    }
  };
  try {
    if ((await next()) !== TABLE_COPY_MAGIC) throw new TableCopyFormatError('The file is not a backup of this app.');
  } catch (error) {
    lines.close();
    throw error instanceof TableCopyFormatError ? error : new TableCopyFormatError('The file is not a backup of this app.');
  }
  const header = parse<TableCopyHeader>(await next());
  return {
    header,
    async tables(copyIn) {
      try {
        let count = 0;
        for (;;) {
          const heading = parse<Partial<TableSpec> & { end?: boolean; tables?: number }>(await next());
          if (heading.end) {
            if (heading.tables !== count) throw new TableCopyFormatError('The backup file is damaged: tables are missing.');
            return count;
          }
          if (typeof heading.table !== 'string' || !Array.isArray(heading.columns)) throw new TableCopyFormatError('The backup file is damaged.');
          let ended = false;
          const rows = async function* () {
            for (;;) {
              const line = await next();
              if (line === '\\.') {
                ended = true;
                return;
              }
              yield line;
            }
          };
          await copyIn({ table: heading.table, columns: heading.columns }, rows());
          if (!ended) throw new TableCopyFormatError(`The backup's rows of ${heading.table} were not all read.`);
          count += 1;
        }
      } finally {
        lines.close();
      }
    },
  };
}

import ExcelJS from 'exceljs';
import { WriteStream as Spool } from 'fs-capacitor';
import { csvCell } from '@app/shared/files/csv-text';
import type { ExportFormat } from '@app/shared/contracts';
import type { Cell } from './columns';

/**
 * One sheet written as it goes: the header first, then rows batch by batch, then the end. The bytes go
 * to a spool (a temporary file, fs-capacitor) at the database's pace, and the response reads them from
 * there at its client's pace: a client that reads slowly never holds the database's connection, which
 * is given back as soon as the last row is read.
 */
export interface SheetWriter {
  /** The file's bytes, spooled; the response reads them with `spool.createReadStream()`. */
  readonly spool: Spool;
  /** Resolves once the rows are on their way to the spool (it waits for the disk, never for the client). */
  addRows(rows: readonly Cell[][]): Promise<void>;
  end(): Promise<void>;
}

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** A client that goes away (a closed tab) ends the export: the caller's loop stops at the next batch. */
export class ReaderGoneError extends Error {
  constructor() {
    super('The export was no longer being read.');
    this.name = 'ReaderGoneError';
  }
}

/**
 * Waits while the disk is behind, so at most about one batch is held in memory. Whichever of
 * 'drain' and 'close' comes first, both listeners go: an export waits here once per batch.
 */
async function drained(stream: Spool): Promise<void> {
  if (stream.destroyed) throw new ReaderGoneError();
  if (stream.writableNeedDrain)
    await new Promise<void>((resolve) => {
      const done = () => {
        stream.off('drain', done);
        stream.off('close', done);
        resolve();
      };
      stream.on('drain', done);
      stream.on('close', done);
    });
  if (stream.destroyed) throw new ReaderGoneError();
}

const csvText = (cell: Cell): string => {
  if (cell === null) return '';
  if (typeof cell === 'object') return 'amount' in cell ? cell.amount : cell.day;
  return String(cell);
};

/** CSV as the app's other downloads write it: a byte order mark, every cell quoted and guarded against formulas, CRLF lines. */
export function csvSheetWriter(headers: readonly string[]): SheetWriter {
  const stream = new Spool();
  const line = (cells: readonly string[]) => `${cells.map(csvCell).join(',')}\r\n`;
  stream.write(`\uFEFF${line(headers)}`);
  return {
    spool: stream,
    async addRows(rows) {
      if (stream.destroyed) throw new ReaderGoneError();
      stream.write(rows.map((row) => line(row.map(csvText))).join(''));
      await drained(stream);
    },
    async end() {
      stream.end();
    },
  };
}

/**
 * An .xlsx workbook through exceljs' streaming writer: each row is committed (turned into XML and
 * zipped) as it is added, so the workbook is never held whole. Text goes in as text cells, which a
 * spreadsheet never evaluates, so it is kept exactly ('+1 555…' and '=…' alike, with no guard as in
 * the CSV); amounts and days are numbers and dates a spreadsheet can sum and sort.
 */
export function xlsxSheetWriter(sheetName: string, columns: readonly { header: string; width: number }[]): SheetWriter {
  const stream = new Spool();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map(({ header, width }) => ({ header, width }));
  sheet.getRow(1).font = { bold: true };
  const value = (cell: Cell): ExcelJS.CellValue => {
    if (cell === null) return null;
    if (typeof cell === 'string') return cell;
    if (typeof cell === 'number') return cell;
    // A day is a date at UTC midnight, shown as the day itself whatever the reader's zone.
    return 'amount' in cell ? Number(cell.amount) : new Date(`${cell.day}T00:00:00Z`);
  };
  const format = (cell: Cell): string | undefined => (cell !== null && typeof cell === 'object' ? ('amount' in cell ? '#,##0.00' : 'yyyy-mm-dd') : undefined);
  return {
    spool: stream,
    async addRows(rows) {
      if (stream.destroyed) throw new ReaderGoneError();
      for (const cells of rows) {
        const row = sheet.addRow(cells.map(value));
        cells.forEach((cell, index) => {
          const numFmt = format(cell);
          if (numFmt) row.getCell(index + 1).numFmt = numFmt;
        });
        row.commit();
      }
      await drained(stream);
    },
    async end() {
      sheet.commit();
      await workbook.commit();
    },
  };
}

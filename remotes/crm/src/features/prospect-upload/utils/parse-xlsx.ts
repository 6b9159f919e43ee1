import readXlsxFile from 'read-excel-file/universal';
import { toSheetTable, type SheetTable } from './sheet-table';

/** The first sheet that holds anything of an Excel (.xlsx) workbook, as a table. */
export async function parseXlsx(data: ArrayBuffer): Promise<SheetTable | null> {
  for (const sheet of await readXlsxFile(data)) {
    const table = toSheetTable(sheet.data);
    if (table) return table;
  }
  return null;
}

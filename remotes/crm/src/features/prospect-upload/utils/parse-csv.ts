import Papa from 'papaparse';
import { unguardCsvCell } from '@app/shared/files/csv-text';
import { toSheetTable, type SheetTable } from './sheet-table';

/**
 * A CSV file's text as a table: quoted fields may hold the delimiter, quotes and line breaks; the
 * delimiter (comma, semicolon, tab or bar) is found from the text; a byte order mark is dropped;
 * so is the apostrophe a downloaded file put before a formula character.
 */
export function parseCsv(text: string): SheetTable | null {
  const result = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { delimitersToGuess: [',', ';', '\t', '|'], skipEmptyLines: 'greedy' });
  return toSheetTable(result.data.map((row) => row.map(unguardCsvCell)));
}

/**
 * @jest-environment node
 */
import writeXlsxFile, { type SheetData } from 'write-excel-file/node';
import { applyMapping, guessMapping } from '../column-mapping';
import { parseCsv } from '../parse-csv';
import { parseXlsx } from '../parse-xlsx';

describe('parseCsv', () => {
  test('reads quoted fields holding commas, quotes and line breaks', () => {
    const table = parseCsv('Name,Phone,Description\n"Acme, Inc.",+1 555 0100,"Said ""call back""\nafter 5"\n');
    expect(table).toEqual({ headers: ['Name', 'Phone', 'Description'], rows: [['Acme, Inc.', '+1 555 0100', 'Said "call back"\nafter 5']] });
  });

  test('drops a byte order mark, so the first header is found by its name', () => {
    const table = parseCsv('\uFEFFName,Tel\r\nBOM Co,0102030405\r\n')!;
    expect(table.headers).toEqual(['Name', 'Tel']);
    expect(guessMapping(table.headers)).toEqual(['name', 'phone1']);
  });

  test('finds semicolons as the delimiter (as spreadsheets write in much of Europe)', () => {
    expect(parseCsv('Société;Téléphone;Ville\nDupont SARL;01 40 00 00 01;Lyon, Rhône\n')).toEqual({
      headers: ['Société', 'Téléphone', 'Ville'],
      rows: [['Dupont SARL', '01 40 00 00 01', 'Lyon, Rhône']],
    });
  });

  test('skips empty rows, including rows of empty cells, and pads short rows', () => {
    const table = parseCsv('\n\nName,Phone,City\n\nA,1\n,,\n  ,  \nB,2,Paris\n');
    expect(table?.rows).toEqual([
      ['A', '1', ''],
      ['B', '2', 'Paris'],
    ]);
  });

  test('a file with only a header row has no rows; an empty file has no table', () => {
    expect(parseCsv('Name,Phone\n')).toEqual({ headers: ['Name', 'Phone'], rows: [] });
    expect(parseCsv('')).toBeNull();
  });

  test('mapped rows go through the upload rules: dates become years, bad rows are reported by number', () => {
    const table = parseCsv('Company,Phone,E-mail,Founded\nNorth,+1 555 0101,north@example.com,2009-05-01\nNo Phone,,x@example.com,Established 1999\n')!;
    const result = applyMapping(table, guessMapping(table.headers));
    expect(result).toEqual({
      ok: true,
      items: [
        { name: 'North', phone1: '+1 555 0101', email: 'north@example.com', founding_date: '2009' },
        { name: 'No Phone', email: 'x@example.com', founding_date: '1999' },
      ],
      rows: [
        { name: 'North', phone1: '+1 555 0101', email: 'north@example.com', founding_date: '2009-05-01' },
        { name: 'No Phone', email: 'x@example.com', founding_date: 'Established 1999' },
      ],
      errors: [{ row: 2, detail: 'Phone1 is required' }],
      warnings: [],
    });
  });
});

describe('parseXlsx', () => {
  async function workbook(rows: unknown[][]): Promise<ArrayBuffer> {
    const cell = (value: unknown) => (value === null ? null : value instanceof Date ? { value, format: 'dd/mm/yyyy' } : { value });
    const buffer = await writeXlsxFile(rows.map((row) => row.map(cell)) as SheetData).toBuffer();
    return buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
  }

  test('reads the first sheet: numbers as phones keep every digit, dates come out as days, empty rows go', async () => {
    const data = await workbook([
      ['Name', 'Phone', 'Mobile', 'Founding Date', 'Employees'],
      ['Excel Co', 33140000001, '06 12 34 56 78', new Date(Date.UTC(2015, 5, 1)), 12],
      [null, null, null, null, null],
      ['Second', 4420700000001, null, null, 2.5],
    ]);
    const table = await parseXlsx(data);
    expect(table).toEqual({
      headers: ['Name', 'Phone', 'Mobile', 'Founding Date', 'Employees'],
      rows: [
        ['Excel Co', '33140000001', '06 12 34 56 78', '2015-06-01', '12'],
        ['Second', '4420700000001', '', '', '2.5'],
      ],
    });
    const result = applyMapping(table!, guessMapping(table!.headers));
    expect(result.ok && result.items[0]).toEqual({ name: 'Excel Co', phone1: '33140000001', phone2: '06 12 34 56 78', founding_date: '2015', employees: '12' });
  });

  test('a file that is not a workbook is refused with an error', async () => {
    await expect(parseXlsx(new TextEncoder().encode('Name,Phone\n').buffer as ArrayBuffer)).rejects.toThrow();
  });
});

import { csvCell, toCsv, unguardCsvCell } from '../csv-text';

describe('CSV text', () => {
  test('cells that a spreadsheet would run as formulas start with an apostrophe', () => {
    expect(['=HYPERLINK("http://evil")', '+1 555 0100', '-2+3', '@SUM(A1)', '\tx', 'plain', ''].map(csvCell)).toEqual([
      `"'=HYPERLINK(""http://evil"")"`,
      `"'+1 555 0100"`,
      `"'-2+3"`,
      `"'@SUM(A1)"`,
      `"'\tx"`,
      '"plain"',
      '""',
    ]);
  });

  test('rows are quoted, CRLF-separated and start with a byte order mark', () => {
    expect(
      toCsv([
        ['Name', 'Error'],
        ['A, "B"', 'line\nbreak'],
      ]),
    ).toBe('\uFEFF"Name","Error"\r\n"A, ""B""","line\nbreak"\r\n');
  });

  test('reading back drops only the apostrophe the download added', () => {
    expect(unguardCsvCell("'+1 555 0100")).toBe('+1 555 0100');
    expect(unguardCsvCell("'=1")).toBe('=1');
    expect(unguardCsvCell("'tis the season")).toBe("'tis the season");
    expect(unguardCsvCell('+1 555')).toBe('+1 555');
  });
});

import { parseProspectFile, type ParseResult } from '@app/shared/forms';
import type { SheetTable } from './sheet-table';

export type UploadFileKind = 'json' | 'csv' | 'xlsx';

/** What the chooser takes, for its accept attribute. */
export const UPLOAD_ACCEPT = '.json,.csv,.xlsx,application/json,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const WRONG_FILE_TYPE = 'Please upload a JSON file, or a CSV or Excel (.xlsx) file';

export function uploadFileKind(name: string): UploadFileKind | null {
  const extension = name.toLowerCase().match(/\.(json|csv|xlsx)$/)?.[1];
  return (extension as UploadFileKind | undefined) ?? null;
}

export type ReadFile = { kind: 'json'; result: ParseResult } | { kind: 'table'; table: SheetTable } | { kind: 'failed'; error: string };

/** The file's text or bytes; through FileReader where a Blob has no text() or arrayBuffer() (older engines). */
function readBlob(file: Blob, as: 'text'): Promise<string>;
function readBlob(file: Blob, as: 'bytes'): Promise<ArrayBuffer>;
function readBlob(file: Blob, as: 'text' | 'bytes'): Promise<string | ArrayBuffer> {
  if (as === 'text' && typeof file.text === 'function') return file.text();
  if (as === 'bytes' && typeof file.arrayBuffer === 'function') return file.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result ?? '');
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    if (as === 'text') reader.readAsText(file);
    else reader.readAsArrayBuffer(file);
  });
}

const NAMES: Record<Exclude<UploadFileKind, 'json'>, string> = { csv: 'CSV', xlsx: 'Excel' };

/**
 * Reads the chosen file: JSON into checked items; CSV and Excel into a table whose columns the
 * person maps to fields. The spreadsheet readers load only when such a file is chosen.
 */
export async function readUploadFile(file: Blob, kind: UploadFileKind): Promise<ReadFile> {
  try {
    if (kind === 'json') return { kind: 'json', result: parseProspectFile(await readBlob(file, 'text')) };
    const table =
      kind === 'csv'
        ? (await import('./parse-csv')).parseCsv(await readBlob(file, 'text'))
        : await (await import('./parse-xlsx')).parseXlsx(await readBlob(file, 'bytes'));
    if (!table || table.rows.length === 0) return { kind: 'failed', error: `No prospects found in ${NAMES[kind]} file` };
    return { kind: 'table', table };
  } catch (error) {
    const name = kind === 'json' ? 'JSON' : NAMES[kind];
    return { kind: 'failed', error: `Failed to parse ${name} file: ${error instanceof Error && error.message ? error.message : 'Unknown error'}` };
  }
}

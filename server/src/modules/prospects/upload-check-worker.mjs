/*
 * The worker thread that checks upload rows (upload-checker.ts starts it through piscina). Plain
 * JavaScript, as the PDF worker, so it starts however the server runs; it reads the checks from their
 * TypeScript source through tsx's own loader.
 */
import { tsImport } from 'tsx/esm/api';

const { checkRows } = await tsImport('./bulk-upload.ts', import.meta.url);

/** @param {{ records: unknown[], country: string, firstRow: number }} job */
export default function check({ records, country, firstRow }) {
  return checkRows(records, country, firstRow);
}

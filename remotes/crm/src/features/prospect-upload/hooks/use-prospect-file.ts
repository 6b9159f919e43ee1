import { useMemo, useRef, useState, type ChangeEvent } from 'react';
import { toast } from '@app/shared';
import { withPhonesChecked, type BulkRowError, type BulkRowWarning, type ParseResult, type UploadItem } from '@app/shared/forms';
import { applyMapping, guessMapping, type ColumnMapping } from '../utils/column-mapping';
import { readUploadFile, uploadFileKind, WRONG_FILE_TYPE } from '../utils/read-upload-file';
import type { SheetTable } from '../utils/sheet-table';
import { countOf, UPLOAD_TOAST_MS } from '../utils/upload-texts';

export type ParsedFile = { items: Partial<UploadItem>[]; rows: unknown[]; errors: BulkRowError[]; warnings: BulkRowWarning[] };

/** A JSON file is checked as it is; a spreadsheet through the columns the person mapped. */
type Source = { kind: 'json'; parsed: ParsedFile } | { kind: 'table'; table: SheetTable; mapping: ColumnMapping };

/** What loading the file found, its phones read in the chosen tenant's `country` as the preview reads them. */
function announce(result: ParseResult, what: string, country: string) {
  if (!result.ok) return toast({ title: 'Error', description: result.error, variant: 'destructive' });
  const { errors, warnings } = withPhonesChecked(result, country);
  if (errors.length > 0) {
    toast({ title: 'Validation Errors', description: `${countOf(errors.length, 'error')} found in the ${what} file`, variant: 'destructive' });
  } else {
    const warned = new Set(warnings.map((warning) => warning.row)).size;
    const found = `${what} file loaded successfully. ${countOf(result.items.length, 'prospect')} found.`;
    toast({ title: 'File Loaded', description: warned > 0 ? `${found} ${countOf(warned, 'row')} with warnings.` : found, duration: UPLOAD_TOAST_MS });
  }
}

/**
 * The chosen file, read and checked in the browser: its rows, their errors, or why the file itself
 * was refused; for a spreadsheet also its columns and the field each one fills. Phones are checked
 * in `country`, the chosen tenant's, so the rows are checked again when another tenant is chosen.
 */
export function useProspectFile({ onChosen, country }: { onChosen: () => void; country: string }) {
  const [source, setSource] = useState<Source | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const mapped = useMemo(() => (source?.kind === 'table' ? applyMapping(source.table, source.mapping) : null), [source]);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setSource(null);
    setFileName(null);
    setFileError(null);
    onChosen();
    if (!file) return;
    const kind = uploadFileKind(file.name);
    if (!kind) {
      setFileError(WRONG_FILE_TYPE);
      toast({ title: 'Invalid File', description: WRONG_FILE_TYPE, variant: 'destructive' });
      if (fileInput.current) fileInput.current.value = '';
      return;
    }
    const read = await readUploadFile(file, kind);
    if (read.kind === 'failed' || (read.kind === 'json' && !read.result.ok)) {
      const error = read.kind === 'failed' ? read.error : !read.result.ok ? read.result.error : '';
      setFileError(error);
      toast({ title: 'Error', description: error, variant: 'destructive' });
      return;
    }
    setFileName(file.name);
    if (read.kind === 'json') {
      if (read.result.ok) setSource({ kind: 'json', parsed: read.result });
      return announce(read.result, 'JSON', country);
    }
    const mapping = guessMapping(read.table.headers);
    setSource({ kind: 'table', table: read.table, mapping });
    announce(applyMapping(read.table, mapping), kind === 'csv' ? 'CSV' : 'Excel', country);
  };

  const setMapping = (mapping: ColumnMapping) => setSource((current) => (current?.kind === 'table' ? { ...current, mapping } : current));

  const parsed: ParsedFile | null = source?.kind === 'json' ? source.parsed : mapped?.ok ? mapped : null;
  const checked = useMemo(() => (parsed ? withPhonesChecked(parsed, country) : null), [parsed, country]);
  return {
    items: parsed?.items ?? [],
    rows: parsed?.rows ?? [],
    errors: checked?.errors ?? [],
    warnings: checked?.warnings ?? [],
    fileName,
    fileError: fileError ?? (mapped && !mapped.ok ? mapped.error : null),
    table: source?.kind === 'table' ? { table: source.table, mapping: source.mapping, setMapping } : null,
    fileInput,
    onFile,
  };
}

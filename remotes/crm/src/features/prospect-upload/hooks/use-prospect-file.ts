import { useRef, useState, type ChangeEvent } from 'react';
import { parseProspectFile, type BulkRowError, type UploadItem } from '@app/shared/forms';
import { toast } from '@app/shared';
import { UPLOAD_TOAST_MS } from '../utils/upload-texts';

export type ParsedFile = { items: Partial<UploadItem>[]; errors: BulkRowError[] };

function readText(file: File): Promise<string> {
  if (typeof file.text === 'function') return file.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsText(file);
  });
}

/** The chosen file, read and checked in the browser: its rows, their errors, or why the file itself was refused. */
export function useProspectFile({ onChosen }: { onChosen: () => void }) {
  const [parsed, setParsed] = useState<ParsedFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setParsed(null);
    setFileError(null);
    onChosen();
    if (!file) return;
    if (!file.name.toLowerCase().endsWith('.json')) {
      setFileError('Please upload a JSON file');
      toast({ title: 'Invalid File', description: 'Please upload a JSON file', variant: 'destructive' });
      if (fileInput.current) fileInput.current.value = '';
      return;
    }
    let outcome;
    try {
      outcome = parseProspectFile(await readText(file));
    } catch (error) {
      outcome = { ok: false as const, error: `Failed to parse JSON file: ${(error as Error).message}` };
    }
    if (!outcome.ok) {
      setFileError(outcome.error);
      toast({ title: 'Error', description: outcome.error, variant: 'destructive' });
      return;
    }
    setParsed({ items: outcome.items, errors: outcome.errors });
    if (outcome.errors.length > 0) {
      toast({ title: 'Validation Errors', description: `${outcome.errors.length} errors found in the JSON file`, variant: 'destructive' });
    } else {
      toast({ title: 'File Loaded', description: `JSON file loaded successfully. ${outcome.items.length} prospects found.`, duration: UPLOAD_TOAST_MS });
    }
  };

  return { items: parsed?.items ?? [], errors: parsed?.errors ?? [], fileError, fileInput, onFile };
}

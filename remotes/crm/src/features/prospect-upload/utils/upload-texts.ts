import type { UploadProgress } from '../api/upload-prospects';

/** How long the upload's toasts stay. */
export const UPLOAD_TOAST_MS = 4000;

/** A count with its noun: '1 error', '2 errors'. */
export function countOf(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

export function uploadButtonLabel(count: number, uploading: boolean): string {
  return uploading ? 'Uploading...' : `Upload ${countOf(count, 'Prospect')}`;
}

/** The upload button of a file with bad rows: the good ones go in, the others to the refused rows. */
export function importValidLabel(valid: number): string {
  return `Import the ${countOf(valid, 'valid row')}`;
}

/** What an upload did: created, refused, saved with warnings. */
export function resultText({ total_created, total_errors, total_warned }: { total_created: number; total_errors: number; total_warned: number }): string {
  const parts = [`Created ${countOf(total_created, 'prospect')}.`];
  // An upload without errors speaks only of its warnings.
  if (total_errors > 0 || total_warned === 0) parts.push(`${countOf(total_errors, 'error')} occurred.`);
  if (total_warned > 0) parts.push(`${countOf(total_warned, 'row')} imported with warnings.`);
  return parts.join(' ');
}

export function progressText(progress: UploadProgress | null): string {
  if (!progress) return 'Starting upload...';
  const percent = Math.round(progress.fraction * 100);
  const done = progress.doneRows.toLocaleString('en-US');
  const total = progress.totalRows.toLocaleString('en-US');
  const verb = progress.phase === 'uploading' ? 'Uploading' : 'Processing';
  return `${verb}... ${done} of ${total} prospects saved (${percent}%)`;
}

import type { UploadProgress } from '../api/upload-prospects';

/** How long the upload's toasts stay. */
export const UPLOAD_TOAST_MS = 4000;

export function uploadButtonLabel(count: number, uploading: boolean): string {
  return uploading ? 'Uploading...' : `Upload ${count} Prospects`;
}

export function progressText(progress: UploadProgress | null): string {
  if (!progress) return 'Starting upload...';
  const percent = Math.round(progress.fraction * 100);
  const done = progress.doneRows.toLocaleString('en-US');
  const total = progress.totalRows.toLocaleString('en-US');
  const verb = progress.phase === 'uploading' ? 'Uploading' : 'Processing';
  return `${verb}... ${done} of ${total} prospects saved (${percent}%)`;
}

import type { ProspectImport, RevertImportResponse } from '@app/shared/forms';

export function importStatus(entry: ProspectImport): string {
  if (!entry.reverted_at) return 'Imported';
  return `Reverted: ${entry.revert_removed ?? 0} removed, ${entry.revert_kept ?? 0} kept`;
}

export function revertedText({ removed, kept }: Pick<RevertImportResponse, 'removed' | 'kept'>): string {
  return `${removed} prospects removed. ${kept} kept because someone has worked them.`;
}

export const REVERT_MESSAGE =
  'Prospects this import created that nobody has worked since (no status change, call, stage move, edit or lead) will be removed. Worked prospects are kept.';

import { PROSPECT_TEMPLATE } from '@app/shared';

export const TEMPLATE_FILE_NAME = 'prospects_template.json';

/** Saves the two sample prospects as prospects_template.json. */
export function downloadTemplate() {
  const blob = new Blob([JSON.stringify(PROSPECT_TEMPLATE, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = TEMPLATE_FILE_NAME;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked on the next tick: some browsers start the download only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

import { PROSPECT_TEMPLATE } from '@app/shared/forms';
import { saveFile } from '@app/shared/files/save-file';

export const TEMPLATE_FILE_NAME = 'prospects_template.json';

/** Saves the two sample prospects as prospects_template.json. */
export function downloadTemplate() {
  saveFile(new Blob([JSON.stringify(PROSPECT_TEMPLATE, null, 2)], { type: 'application/json' }), TEMPLATE_FILE_NAME);
}

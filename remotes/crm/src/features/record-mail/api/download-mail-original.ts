import { apiDownload } from '@app/shared';
import { saveFile } from '@app/shared/files/save-file';
import type { MailRecordKind } from './get-record-mails';

/** The mail as it came or went (.eml), saved by the browser: it is never opened as a page. */
export async function downloadMailOriginal(kind: MailRecordKind, id: string, mailId: string): Promise<void> {
  const { blob, filename } = await apiDownload(`/crm/${kind}/${id}/mails/${mailId}/original`, 'mail.eml');
  saveFile(blob, filename);
}

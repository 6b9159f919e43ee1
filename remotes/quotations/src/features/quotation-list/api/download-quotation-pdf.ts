import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '@app/shared';
import { saveFile } from '@app/shared/files/save-file';
import { type Quotation } from '@app/shared/forms';

/** Saves the server's PDF of a quotation under the name the server gave it. */
export async function downloadQuotationPdf(quotation: Pick<Quotation, 'id' | 'number'>): Promise<void> {
  const { blob, filename } = await apiDownload(`/quotations/${quotation.id}/pdf`, `${quotation.number}.pdf`);
  saveFile(blob, filename);
}

export function useDownloadQuotationPdf() {
  return useMutation({ mutationFn: downloadQuotationPdf });
}

import { useMutation } from '@tanstack/react-query';
import { apiDownload, type Quotation } from '@app/shared';

/** Saves the server's PDF of a quotation under the name the server gave it. */
export async function downloadQuotationPdf(quotation: Pick<Quotation, 'id' | 'number'>): Promise<void> {
  const { blob, filename } = await apiDownload(`/quotations/${quotation.id}/pdf`, `${quotation.number}.pdf`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the next task may release it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function useDownloadQuotationPdf() {
  return useMutation({ mutationFn: downloadQuotationPdf });
}

import { useState } from 'react';
import { errorMessage, toast } from '@app/shared';
import { type Quotation } from '@app/shared/forms';
import { copyShareLink } from '../../../lib/copy-link';
import { useDownloadQuotationPdf } from '../api/download-quotation-pdf';
import { useDuplicateQuotation } from '../api/duplicate-quotation';
import { useSendQuotation } from '../../../api/send-quotation';
import type { QuotationAction } from '../components/quotation-card';

const failed = (fallback: string) => (failure: unknown) => toast({ title: 'Error', description: errorMessage(failure, fallback), variant: 'destructive' });

export interface QuotationActionHandlers {
  onView: (quotation: Quotation) => void;
  onEdit: (quotation: Quotation) => void;
}

/** The question before sending: it names who gets the quotation. */
export function sendQuestion(quotation: Quotation): string {
  const title = quotation.title || quotation.number;
  const client = quotation.client_name || 'the client';
  return quotation.client_email
    ? `Send "${title}" to ${client} at ${quotation.client_email}? They get a link to view, accept or reject it.`
    : `Send "${title}" to ${client}? The quotation has no client email: copy the link from its details and share it yourself.`;
}

/** What each card menu item does; deleting, sending and marking accepted ask first, so each is returned as the one to confirm. */
export function useQuotationActions(tenantId: string, { onView, onEdit }: QuotationActionHandlers) {
  const [toDelete, setToDelete] = useState<Quotation | null>(null);
  const [toSend, setToSend] = useState<Quotation | null>(null);
  const [toAccept, setToAccept] = useState<Quotation | null>(null);
  const download = useDownloadQuotationPdf();
  const duplicate = useDuplicateQuotation(tenantId);
  const send = useSendQuotation(tenantId);

  const run = (action: QuotationAction, quotation: Quotation) => {
    switch (action) {
      case 'view':
        return onView(quotation);
      case 'edit':
        return onEdit(quotation);
      case 'pdf':
        return download.mutate(quotation, { onError: failed('Failed to download the PDF. Please try again.') });
      case 'send':
        return setToSend(quotation);
      case 'accept':
        return setToAccept(quotation);
      case 'duplicate':
        return duplicate.mutate(quotation.id, {
          onSuccess: (copy) => toast({ title: 'Quotation duplicated', description: `Draft ${copy.number} was created.`, variant: 'success' }),
          onError: failed('Failed to duplicate quotation. Please try again.'),
        });
      case 'copy-link':
        return quotation.share_url ? void copyShareLink(quotation.share_url) : undefined;
      case 'delete':
        return setToDelete(quotation);
      default:
        return undefined;
    }
  };

  const confirmSend = (quotation: Quotation) =>
    send.mutate(quotation.id, {
      onSuccess: (answer) => {
        toast({
          title: 'Quotation sent',
          description: answer.mailed
            ? `The link is being mailed to ${quotation.client_email}.`
            : 'Copy the link from the details and share it with your client.',
          variant: 'success',
        });
        onView({ ...quotation, status: answer.status, share_url: answer.share_url });
      },
      onError: failed('Failed to send quotation. Please try again.'),
      onSettled: () => setToSend(null),
    });

  return {
    run,
    toDelete,
    clearDelete: () => setToDelete(null),
    toSend,
    sending: send.isPending,
    confirmSend,
    clearSend: () => setToSend(null),
    toAccept,
    clearAccept: () => setToAccept(null),
  };
}

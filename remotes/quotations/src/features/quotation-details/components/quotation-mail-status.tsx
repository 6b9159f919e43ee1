import styled from 'styled-components';
import { Button, errorMessage, toast } from '@app/shared';
import { formatDateTimeLong } from '@app/shared/staff';
import type { QuotationDetail, QuotationMail } from '@app/shared/forms';
import { useSendQuotation } from '../../../api/send-quotation';

const StyledMail = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  p { flex: 1; min-width: 14rem; margin: 0; }
`;

const tries = (count: number) => `${count} ${count === 1 ? 'try' : 'tries'}`;

function mailText(mail: QuotationMail): string {
  switch (mail.status) {
    case 'queued':
      return mail.attempts === 0
        ? `Queued for ${mail.to}.`
        : `Queued for ${mail.to}: not delivered after ${tries(mail.attempts)} (${mail.last_error ?? 'no answer'}); it will be tried again.`;
    case 'sent':
      return `Mailed to ${mail.to} on ${formatDateTimeLong(mail.sent_at)}.`;
    case 'failed':
      return `Could not be mailed to ${mail.to} after ${tries(mail.attempts)}: ${mail.last_error ?? 'no answer'}.`;
    case 'not_configured':
      return 'Not mailed: mail is not set up on this server. Copy the link and share it with your client.';
  }
}

/** The state of the link's mail to the client, and Resend while the link works. */
export function QuotationMailStatus({ tenantId, quotation }: { tenantId: string; quotation: QuotationDetail }) {
  const send = useSendQuotation(tenantId);
  const { mail } = quotation;
  if (!mail) return null;
  const resend = () =>
    send.mutate(quotation.id, {
      onSuccess: () => toast({ title: 'Mail queued again', description: `The link is being mailed to ${quotation.client_email}.`, variant: 'success' }),
      // The server's reason when it refuses (sent too often: when to try again), else a generic failure.
      onError: (failure) =>
        toast({ title: 'Error', description: errorMessage(failure, 'Failed to resend the mail. Please try again.'), variant: 'destructive' }),
    });
  return (
    <StyledMail role="status" aria-label="Mail to the client">
      <p>{mailText(mail)}</p>
      {quotation.status === 'sent' && mail.status !== 'not_configured' && (
        <Button $variant="secondary" onClick={resend} disabled={send.isPending}>
          {send.isPending ? 'Resending...' : 'Resend'}
        </Button>
      )}
    </StyledMail>
  );
}

import styled from 'styled-components';
import { Button, StyledInput } from '@app/shared';
import { Dialog, DialogFooter, formatDate } from '@app/shared/staff';
import { type Quotation } from '@app/shared/forms';
import { useQuotation } from '../../../api/get-quotation';
import { QuotationDocument } from '../../../components/quotation-document';
import { StatusBadge } from '../../../components/status-badge';
import { copyShareLink } from '../../../lib/copy-link';
import { QuotationHistory } from './quotation-history';
import { QuotationMailStatus } from './quotation-mail-status';

const StyledSection = styled.section`
  margin-top: ${({ theme }) => theme.space(6)};
  h3 { font-size: 1rem; margin-bottom: ${({ theme }) => theme.space(2)}; }
`;

const StyledStatus = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0 0 ${({ theme }) => theme.space(4)};
`;

const StyledLink = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  input { flex: 1; min-width: 0; }
`;

const StyledDocumentFrame = styled.div`
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
`;

function decision(quotation: Quotation): string | null {
  if (quotation.status === 'accepted') return `Accepted by ${quotation.accepted_by ?? 'the client'} on ${formatDate(quotation.decided_at)}`;
  if (quotation.status === 'rejected')
    return `Rejected on ${formatDate(quotation.decided_at)}${quotation.rejection_reason ? `: “${quotation.rejection_reason}”` : ''}`;
  if (quotation.status === 'sent') return `Sent on ${formatDate(quotation.sent_at)}; the link works until ${formatDate(quotation.valid_until)}`;
  if (quotation.status === 'expired') return `Expired on ${formatDate(quotation.valid_until)}`;
  return null;
}

export interface QuotationDetailsDialogProps {
  tenantId: string;
  quotation: Quotation;
  onEdit: (quotation: Quotation) => void;
  onDismiss: () => void;
}

/** The whole quotation, its status and client link, and its history. */
export function QuotationDetailsDialog({ tenantId, quotation: initial, onEdit, onDismiss }: QuotationDetailsDialogProps) {
  const quotation = useQuotation(tenantId, initial.id, initial).data ?? { ...initial, mail: null };
  const note = decision(quotation);
  return (
    <Dialog isOpen onDismiss={onDismiss} title={quotation.title || quotation.number} description={`Quotation ${quotation.number}`} width="52rem">
      <StyledStatus>
        <StatusBadge status={quotation.status} />
        {note && <span>{note}</span>}
      </StyledStatus>
      {quotation.share_url && (
        <StyledSection aria-label="Client link">
          <h3>Client link</h3>
          <StyledLink>
            <StyledInput readOnly value={quotation.share_url} aria-label="Client link" onFocus={(event) => event.target.select()} />
            <Button $variant="secondary" onClick={() => void copyShareLink(quotation.share_url!)}>
              Copy link
            </Button>
          </StyledLink>
        </StyledSection>
      )}
      {quotation.mail && (
        <StyledSection aria-label="Mail">
          <h3>Mail</h3>
          <QuotationMailStatus tenantId={tenantId} quotation={quotation} />
        </StyledSection>
      )}
      <StyledSection>
        <StyledDocumentFrame>
          <QuotationDocument quotation={quotation} />
        </StyledDocumentFrame>
      </StyledSection>
      <StyledSection>
        <h3>History</h3>
        <QuotationHistory tenantId={tenantId} quotationId={quotation.id} />
      </StyledSection>
      <DialogFooter>
        <Button $variant="secondary" onClick={onDismiss}>
          Close
        </Button>
        {quotation.status !== 'accepted' && quotation.status !== 'rejected' && <Button onClick={() => onEdit(quotation)}>Edit Quotation</Button>}
      </DialogFooter>
    </Dialog>
  );
}

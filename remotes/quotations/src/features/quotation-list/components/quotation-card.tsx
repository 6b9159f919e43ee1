import styled from 'styled-components';
import { Avatar, formatCurrency, Card, Menu } from '@app/shared';
import { CardFacts, CardHeader } from '@app/shared/ui/card-layout';
import { formatDate } from '@app/shared/staff';
import { type Quotation } from '@app/shared/forms';
import { StatusBadge } from '../../../components/status-badge';

const StyledDescription = styled.p`
  margin: ${({ theme }) => theme.space(3)} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  overflow: hidden;
  display: -webkit-box;
  -webkit-line-clamp: 2;
  -webkit-box-orient: vertical;
`;

const StyledAmount = styled.dd`
  font-weight: 700;
`;

const StyledBadgeRow = styled.div`
  margin-top: ${({ theme }) => theme.space(1)};
`;

export type QuotationAction = 'view' | 'edit' | 'pdf' | 'send' | 'accept' | 'duplicate' | 'copy-link' | 'delete';

export interface QuotationCardProps {
  quotation: Quotation;
  onAction: (action: QuotationAction, quotation: Quotation) => void;
}

/**
 * The menu offers only what the server will do: an answered quotation is viewed, printed or
 * duplicated; an expired one (past its validity) is edited to extend it, not sent; a link is copied while it works;
 * only a sent one can be marked accepted by staff (an acceptance the client gave outside the link).
 */
export function quotationActions(quotation: Quotation): QuotationAction[] {
  if (quotation.status === 'accepted' || quotation.status === 'rejected') return ['view', 'pdf', 'duplicate'];
  const all: QuotationAction[] = ['view', 'edit', 'pdf', 'send', 'accept', 'duplicate', 'copy-link', 'delete'];
  if (quotation.status === 'expired') return all.filter((action) => action !== 'send' && action !== 'accept' && action !== 'copy-link');
  return quotation.status === 'sent' ? all : all.filter((action) => action !== 'accept');
}

const ACTION_LABELS: Record<QuotationAction, string> = {
  view: 'View Details',
  edit: 'Edit Quotation',
  pdf: 'Download PDF',
  send: 'Send to client',
  accept: 'Mark accepted',
  duplicate: 'Duplicate',
  'copy-link': 'Copy link',
  delete: 'Delete',
};

/** What a card shows of a quotation's product: its overview, else its description. */
export const cardDescription = (quotation: Quotation) => quotation.product_overview || quotation.product_description;

export function QuotationCard({ quotation, onAction }: QuotationCardProps) {
  const title = quotation.title || quotation.number;
  const act = (action: QuotationAction) => () => onAction(action, quotation);
  const description = cardDescription(quotation);
  return (
    <Card as="article" aria-label={title}>
      <CardHeader>
        <Avatar name={title} />
        <div>
          <h3>{title}</h3>
          <StyledBadgeRow>
            <StatusBadge status={quotation.status} />
          </StyledBadgeRow>
        </div>
        <Menu
          label={`Actions for ${title}`}
          items={quotationActions(quotation).map((action) => ({
            label: ACTION_LABELS[action],
            onSelect: act(action),
            disabled: action === 'copy-link' && !quotation.share_url,
            destructive: action === 'delete',
          }))}
        />
      </CardHeader>
      {description && <StyledDescription>{description}</StyledDescription>}
      <CardFacts>
        <dt>Client</dt>
        <dd>{quotation.client_name || 'N/A'}</dd>
        <dt>Amount</dt>
        <StyledAmount>{formatCurrency(quotation.total, quotation.currency)}</StyledAmount>
        <dt>Number</dt>
        <dd>{quotation.number}</dd>
        <dt>Created</dt>
        <dd>{formatDate(quotation.created_at)}</dd>
        <dt>Valid until</dt>
        <dd>{formatDate(quotation.valid_until)}</dd>
      </CardFacts>
    </Card>
  );
}

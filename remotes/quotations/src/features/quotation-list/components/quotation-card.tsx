import styled from 'styled-components';
import { Avatar, formatMoney, Card, CardFacts, CardHeader, Menu } from '@app/shared';
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

export type QuotationAction = 'view' | 'edit' | 'pdf' | 'send' | 'duplicate' | 'copy-link' | 'delete';

export interface QuotationCardProps {
  quotation: Quotation;
  onAction: (action: QuotationAction, quotation: Quotation) => void;
}

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
          items={[
            { label: 'View Details', onSelect: act('view') },
            { label: 'Edit Quotation', onSelect: act('edit') },
            { label: 'Download PDF', onSelect: act('pdf') },
            { label: 'Send to client', onSelect: act('send') },
            { label: 'Duplicate', onSelect: act('duplicate') },
            { label: 'Copy link', onSelect: act('copy-link'), disabled: !quotation.share_url },
            { label: 'Delete', onSelect: act('delete'), destructive: true },
          ]}
        />
      </CardHeader>
      {description && <StyledDescription>{description}</StyledDescription>}
      <CardFacts>
        <dt>Client</dt>
        <dd>{quotation.client_name || 'N/A'}</dd>
        <dt>Amount</dt>
        <StyledAmount>{formatMoney(quotation.total)}</StyledAmount>
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

import { useNavigate } from 'react-router';
import { Avatar, Badge, Card, formatAmount, Menu } from '@app/shared';
import { CardBadges, CardFacts, CardHeader } from '@app/shared/ui/card-layout';
import { formatDate } from '@app/shared/format/format';
import type { Lead } from '@app/shared/forms';
import { PhoneNumber } from '../../../components/phone-number';
import { StageBadge } from '../../../components/stage-badge';
import { displayIndustry } from '../../../lib/company';
import { leadPath } from '../../../lib/record-paths';
import { newQuotationPath } from '../utils/new-quotation-path';

export interface LeadCardProps {
  lead: Lead;
  /** Who owns it, as the list names them. */
  ownerName: string;
  /** The tenant's currency, the value's. */
  currency: string;
  onUpdateStage: (lead: Lead) => void;
  onEdit: (lead: Lead) => void;
  onEditValue: (lead: Lead) => void;
  /** Its stage changes and its prospect's calls and status changes, with their notes. */
  onViewHistory: (lead: Lead) => void;
  onDelete: (lead: Lead) => void;
}

export function LeadCard({ lead, ownerName, currency, onUpdateStage, onEdit, onEditValue, onViewHistory, onDelete }: LeadCardProps) {
  const navigate = useNavigate();
  const subtitle = [lead.city, displayIndustry(lead.industry)].filter(Boolean).join(' · ');
  return (
    <Card as="article" aria-label={lead.name}>
      <CardHeader>
        <Avatar name={lead.name} />
        <div>
          <h3>{lead.name}</h3>
          {subtitle && <small>{subtitle}</small>}
          <CardBadges>
            <StageBadge name={lead.pipeline_stage_name} color={lead.pipeline_stage_color} />
            {lead.status_name && (
              <Badge $tone="info" title="Status">
                {lead.status_name}
              </Badge>
            )}
          </CardBadges>
        </div>
        <Menu
          label={`Actions for ${lead.name}`}
          items={[
            { label: 'Update Stage', onSelect: () => onUpdateStage(lead) },
            { label: 'Edit Lead', onSelect: () => onEdit(lead) },
            { label: 'Edit Value', onSelect: () => onEditValue(lead) },
            { label: 'View Details', onSelect: () => navigate(leadPath(lead.id)) },
            { label: 'View History', onSelect: () => onViewHistory(lead) },
            { label: 'New Quotation', onSelect: () => navigate(newQuotationPath(lead)) },
            { label: 'Delete', onSelect: () => onDelete(lead), destructive: true },
          ]}
        />
      </CardHeader>
      <CardFacts $truncate>
        <dt>Phone</dt>
        <dd>
          <PhoneNumber text={lead.phone1} e164={lead.phone1_e164} shown={lead.phone1_shown} />
        </dd>
        {lead.email && (
          <>
            <dt>Email</dt>
            <dd>
              <a href={`mailto:${lead.email}`} title={lead.email}>
                {lead.email}
              </a>
            </dd>
          </>
        )}
        {lead.value !== null && (
          <>
            <dt>Value</dt>
            <dd>
              {formatAmount(lead.value, currency)} · {lead.probability}%
            </dd>
          </>
        )}
        {lead.expected_close_date && (
          <>
            <dt>Closes</dt>
            <dd>{formatDate(lead.expected_close_date)}</dd>
          </>
        )}
        {lead.lost_reason && (
          <>
            <dt>Lost</dt>
            <dd title={lead.lost_reason}>{lead.lost_reason}</dd>
          </>
        )}
        <dt>Owner</dt>
        <dd>{ownerName}</dd>
        <dt>Added</dt>
        <dd>{formatDate(lead.created_at)}</dd>
      </CardFacts>
    </Card>
  );
}

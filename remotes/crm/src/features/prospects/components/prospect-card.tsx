import { useNavigate } from 'react-router';
import { Avatar, Badge, Card, Menu } from '@app/shared';
import { CardBadges, CardFacts, CardHeader } from '@app/shared/ui/card-layout';
import { formatDate } from '@app/shared/format/format';
import type { Prospect } from '@app/shared/forms';
import { PhoneNumber } from '../../../components/phone-number';
import { StageBadge } from '../../../components/stage-badge';
import { displayIndustry } from '../../../lib/company';
import { prospectPath } from '../../../lib/record-paths';

export interface ProspectCardProps {
  prospect: Prospect;
  /** Who owns it, as the list names them. */
  ownerName: string;
  onUpdateStatus: (prospect: Prospect) => void;
  onUpdateStage: (prospect: Prospect) => void;
  onDelete: (prospect: Prospect) => void;
}

export function ProspectCard({ prospect, ownerName, onUpdateStatus, onUpdateStage, onDelete }: ProspectCardProps) {
  const navigate = useNavigate();
  const industry = displayIndustry(prospect.industry);
  const subtitle = [prospect.city, industry].filter(Boolean).join(' · ');
  return (
    <Card as="article" aria-label={prospect.name}>
      <CardHeader>
        <Avatar name={prospect.name} />
        <div>
          <h3>{prospect.name}</h3>
          {subtitle && <small>{subtitle}</small>}
          <CardBadges>
            <Badge $tone={prospect.status_name ? 'info' : 'neutral'} title="Status">
              {prospect.status_name || 'No status'}
            </Badge>
            <StageBadge name={prospect.pipeline_stage_name} color={prospect.pipeline_stage_color} />
          </CardBadges>
        </div>
        <Menu
          label={`Actions for ${prospect.name}`}
          items={[
            { label: 'Update Status', onSelect: () => onUpdateStatus(prospect) },
            { label: 'Update Stage', onSelect: () => onUpdateStage(prospect) },
            { label: 'View Details', onSelect: () => navigate(prospectPath(prospect.id)) },
            { label: 'Delete', onSelect: () => onDelete(prospect), destructive: true },
          ]}
        />
      </CardHeader>
      <CardFacts $truncate>
        <dt>Phone</dt>
        <dd>
          <PhoneNumber text={prospect.phone1} e164={prospect.phone1_e164} shown={prospect.phone1_shown} />
        </dd>
        {prospect.email && (
          <>
            <dt>Email</dt>
            <dd>
              <a href={`mailto:${prospect.email}`} title={prospect.email}>
                {prospect.email}
              </a>
            </dd>
          </>
        )}
        <dt>Owner</dt>
        <dd>{ownerName}</dd>
        <dt>Last contacted</dt>
        <dd>{prospect.last_contacted ? formatDate(prospect.last_contacted) : 'Never'}</dd>
      </CardFacts>
    </Card>
  );
}

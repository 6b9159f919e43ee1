import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import { Avatar, Badge, Button, MutedText } from '@app/shared';
import { CardBadges, CardFacts } from '@app/shared/ui/card-layout';
import { Dialog, DialogFooter, formatDate } from '@app/shared/staff';
import { type Prospect } from '@app/shared/forms';
import { ActivityHistory } from '../../../components/activity-history';
import { PhoneNumber } from '../../../components/phone-number';
import { StageBadge } from '../../../components/stage-badge';
import { displayIndustry } from '../../../lib/company';
import { WebLink } from '../../../components/web-link';
import { useProspect } from '../api/get-prospect';
import { useProspectActivities } from '../api/get-prospect-activities';

const StyledIdentity = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  h3 { margin: 0; font-size: 1.1rem; overflow-wrap: anywhere; }
`;

const StyledSection = styled.section`
  padding: ${({ theme }) => theme.space(3)} 0;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  h3 { font-size: 1rem; margin: 0; }
  /* One label width for all three sections, so their values line up. */
  dl { margin-top: ${({ theme }) => theme.space(2)}; grid-template-columns: minmax(0, min(9rem, 40%)) minmax(0, 1fr); }
`;

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children || 'N/A'}</dd>
    </>
  );
}

function ProspectHistory({ tenantId, prospectId }: { tenantId: string; prospectId: string }) {
  return <ActivityHistory query={useProspectActivities(tenantId, prospectId)} />;
}

/** The prospect's facts; its history too unless the caller shows a timeline of its own (the record page). */
export function ProspectDetails({ tenantId, prospect, withHistory = true }: { tenantId: string; prospect: Prospect; withHistory?: boolean }) {
  return (
    <>
      <StyledIdentity>
        <Avatar name={prospect.name} size="3.5rem" />
        <div>
          <h3>{prospect.name}</h3>
          <CardBadges>
            <StageBadge name={prospect.pipeline_stage_name} color={prospect.pipeline_stage_color} />
            <Badge $tone={prospect.status_name ? 'info' : 'neutral'}>{prospect.status_name || 'No status'}</Badge>
          </CardBadges>
        </div>
      </StyledIdentity>
      <StyledSection aria-labelledby="prospect-contact">
        <h3 id="prospect-contact">Contact Information</h3>
        <CardFacts>
          <Fact term="Primary phone">{prospect.phone1 && <PhoneNumber text={prospect.phone1} e164={prospect.phone1_e164} />}</Fact>
          <Fact term="Secondary phone">{prospect.phone2 && <PhoneNumber text={prospect.phone2} e164={prospect.phone2_e164} />}</Fact>
          <Fact term="Tertiary phone">{prospect.phone3 && <PhoneNumber text={prospect.phone3} e164={prospect.phone3_e164} />}</Fact>
          <Fact term="Email">{prospect.email && <a href={`mailto:${prospect.email}`}>{prospect.email}</a>}</Fact>
          <Fact term="City">{prospect.city}</Fact>
          <Fact term="Address">{prospect.address}</Fact>
        </CardFacts>
      </StyledSection>
      <StyledSection aria-labelledby="prospect-company">
        <h3 id="prospect-company">Company Information</h3>
        <CardFacts>
          <Fact term="Description">{prospect.description}</Fact>
          <Fact term="Industry">{displayIndustry(prospect.industry)}</Fact>
          <Fact term="Manager">{prospect.manager}</Fact>
          <Fact term="Employees">{prospect.employees}</Fact>
          <Fact term="Website">{prospect.website && <WebLink text={prospect.website}>{prospect.website}</WebLink>}</Fact>
          <Fact term="Link">{prospect.anchor_href_link && <WebLink text={prospect.anchor_href_link}>View Link</WebLink>}</Fact>
          <Fact term="Founded">{prospect.founding_date}</Fact>
        </CardFacts>
      </StyledSection>
      <StyledSection aria-labelledby="prospect-timeline">
        <h3 id="prospect-timeline">Timeline</h3>
        <CardFacts>
          <Fact term="Added">{formatDate(prospect.created_at)}</Fact>
          <Fact term="Last Contacted">{prospect.last_contacted ? formatDate(prospect.last_contacted) : 'Never'}</Fact>
        </CardFacts>
      </StyledSection>
      {withHistory && (
        <StyledSection aria-labelledby="prospect-history">
          <h3 id="prospect-history">History</h3>
          <ProspectHistory tenantId={tenantId} prospectId={prospect.id} />
        </StyledSection>
      )}
    </>
  );
}

export interface ProspectDetailsDialogProps {
  tenantId: string;
  prospect: Prospect | null;
  onUpdateStatus: (prospect: Prospect) => void;
  /** Edit its company fields (the form opens with the details' current values). */
  onEdit: (prospect: Prospect) => void;
  onDismiss: () => void;
}

/** The card's row shows at once; the details (and what Edit and Update Status start from) refresh behind it. */
function LiveDetails({ tenantId, prospect: row, onUpdateStatus, onEdit, onDismiss }: ProspectDetailsDialogProps & { prospect: Prospect }) {
  const { data } = useProspect(tenantId, row);
  const navigate = useNavigate();
  const prospect = data ?? row;
  return (
    <>
      <ProspectDetails tenantId={tenantId} prospect={prospect} />
      <DialogFooter>
        <Button $variant="secondary" onClick={onDismiss}>
          Close
        </Button>
        <Button $variant="secondary" onClick={() => navigate(`/crm/prospects/${prospect.id}`)}>
          Open Page
        </Button>
        <Button $variant="secondary" onClick={() => onEdit(prospect)}>
          Edit
        </Button>
        <Button onClick={() => onUpdateStatus(prospect)}>Update Status</Button>
      </DialogFooter>
    </>
  );
}

export function ProspectDetailsDialog(props: ProspectDetailsDialogProps) {
  const { prospect, onDismiss } = props;
  return (
    <Dialog isOpen onDismiss={onDismiss} title="Prospect Details" width="40rem">
      {prospect ? (
        <LiveDetails {...props} prospect={prospect} />
      ) : (
        <>
          <MutedText>No prospect selected</MutedText>
          <DialogFooter>
            <Button $variant="secondary" onClick={onDismiss}>
              Close
            </Button>
          </DialogFooter>
        </>
      )}
    </Dialog>
  );
}

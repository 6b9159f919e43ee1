import { Suspense, useMemo, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, formatAmount, lazyPart } from '@app/shared';
import { CardBadges, CardFacts } from '@app/shared/ui/card-layout';
import { formatDate } from '@app/shared/format/format';
import { useTenantCurrency } from '@app/shared/tenants';
import type { Lead, PipelineStage } from '@app/shared/forms';
import { stageChangeToasts } from '../components/company-list';
import { PhoneNumber } from '../components/phone-number';
import { StageBadge } from '../components/stage-badge';
import { WebLink } from '../components/web-link';
import { useChangeLeadStage } from '../features/leads/api/change-lead-stage';
import { leadQueryKey, leadQueryOptions } from '../features/leads/api/get-lead';
import { newQuotationPath } from '../features/leads/utils/new-quotation-path';
import { usePipelineStages } from '../features/pipeline-stages/api/get-pipeline-stages';
import { recordTimelineQueryKey } from '../features/record-pages/api/get-record-timeline';
import { NotesBox } from '../features/record-pages/components/notes-box';
import { OpenTasks } from '../features/tasks/components/open-tasks';
import { RecordQueryGate } from '../features/record-pages/components/record-query-gate';
import { RecordPageLayout } from '../features/record-pages/components/record-page-layout';
import { RecordTimeline } from '../features/record-pages/components/record-timeline';
import { EmailButton } from '../features/record-mail/components/email-button';
import { RecordMails } from '../features/record-mail/components/record-mails';
import { displayIndustry } from '../lib/company';
import { activeSorted } from '../lib/options';

// The dialogs load when first opened: the page shows without them (and without zod and the phone parser).
const EditLeadDialog = lazyPart(() => import('../features/leads/components/edit-lead-dialog'), 'EditLeadDialog');
const EditLeadValueDialog = lazyPart(() => import('../features/leads/components/edit-lead-value-dialog'), 'EditLeadValueDialog');
const StageUpdateDialog = lazyPart(() => import('../components/stage-update-dialog'), 'StageUpdateDialog');

type Open = 'edit' | 'value' | 'stage' | null;

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children || 'N/A'}</dd>
    </>
  );
}

function LeadDetails({ tenantId, lead }: { tenantId: string; lead: Lead }) {
  const currency = useTenantCurrency(tenantId);
  return (
    <>
      <CardBadges>
        <StageBadge name={lead.pipeline_stage_name} color={lead.pipeline_stage_color} />
        {lead.status_name && <Badge $tone="info">{lead.status_name}</Badge>}
      </CardBadges>
      <CardFacts>
        <Fact term="Value">{lead.value !== null && `${formatAmount(lead.value, currency)} · ${lead.probability}%`}</Fact>
        <Fact term="Closes">{lead.expected_close_date && formatDate(lead.expected_close_date)}</Fact>
        {lead.lost_reason && <Fact term="Lost">{lead.lost_reason}</Fact>}
        <Fact term="Primary phone">{lead.phone1 && <PhoneNumber text={lead.phone1} e164={lead.phone1_e164} shown={lead.phone1_shown} />}</Fact>
        <Fact term="Email">{lead.email && <a href={`mailto:${lead.email}`}>{lead.email}</a>}</Fact>
        <Fact term="City">{lead.city}</Fact>
        <Fact term="Address">{lead.address}</Fact>
        <Fact term="Industry">{displayIndustry(lead.industry)}</Fact>
        <Fact term="Manager">{lead.manager}</Fact>
        <Fact term="Website">{lead.website && <WebLink text={lead.website}>{lead.website}</WebLink>}</Fact>
        <Fact term="Added">{formatDate(lead.created_at)}</Fact>
      </CardFacts>
    </>
  );
}

/** The actions of a lead's menu, with the same dialogs. */
function LeadActions({ tenantId, lead }: { tenantId: string; lead: Lead }) {
  const [open, setOpen] = useState<Open>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: stageOptions } = usePipelineStages(tenantId);
  const stages = useMemo(() => activeSorted(stageOptions ?? []), [stageOptions]);
  const changeStage = useChangeLeadStage(tenantId);
  const close = () => {
    setOpen(null);
    void queryClient.invalidateQueries({ queryKey: leadQueryKey(tenantId, lead.id) });
    void queryClient.invalidateQueries({ queryKey: recordTimelineQueryKey(tenantId, 'leads', lead.id) });
  };
  const submitStage = (stage: PipelineStage, notes: string, lostReason: string) => {
    const toasts = stageChangeToasts('Lead');
    setOpen(null);
    changeStage.mutate(
      { lead, stage, notes, lostReason },
      { onSuccess: (updated) => toasts.success(updated.pipeline_stage_name ?? stage.name), onError: toasts.failure, onSettled: close },
    );
  };
  return (
    <>
      <EmailButton tenantId={tenantId} kind="leads" id={lead.id} name={lead.name} />
      <Button $variant="secondary" onClick={() => setOpen('edit')}>
        Edit Lead
      </Button>
      <Button $variant="secondary" onClick={() => setOpen('value')}>
        Edit Value
      </Button>
      <Button $variant="secondary" onClick={() => setOpen('stage')}>
        Update Stage
      </Button>
      <Button onClick={() => navigate(newQuotationPath(lead))}>New Quotation</Button>
      <Suspense fallback={null}>
        {open === 'edit' && <EditLeadDialog tenantId={tenantId} lead={lead} onDismiss={close} />}
        {open === 'value' && <EditLeadValueDialog tenantId={tenantId} lead={lead} onDismiss={close} />}
        {open === 'stage' && (
          <StageUpdateDialog
            entity="Lead"
            subjectName={lead.name}
            currentStageName={lead.pipeline_stage_name}
            stages={stages}
            onSubmit={submitStage}
            onDismiss={() => setOpen(null)}
          />
        )}
      </Suspense>
    </>
  );
}

/** /crm/leads/{id}: the lead's details, notes and timeline (with its prospect's history), with its menu's actions. */
export function LeadRecordPage({ tenantId }: { tenantId: string }) {
  const { id = '' } = useParams();
  const query = useQuery(leadQueryOptions(tenantId, id));
  return (
    <RecordQueryGate query={query} noun="Lead">
      {(lead) => (
        <RecordPageLayout
          title={lead.name}
          backTo="/crm?tab=leads"
          actions={<LeadActions tenantId={tenantId} lead={lead} />}
          details={<LeadDetails tenantId={tenantId} lead={lead} />}
          notes={<NotesBox tenantId={tenantId} kind="leads" id={lead.id} />}
          tasks={<OpenTasks tenantId={tenantId} kind="leads" id={lead.id} />}
          timeline={<RecordTimeline tenantId={tenantId} kind="leads" id={lead.id} />}
          mail={<RecordMails tenantId={tenantId} kind="leads" id={lead.id} name={lead.name} />}
        />
      )}
    </RecordQueryGate>
  );
}

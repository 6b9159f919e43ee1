import { Suspense, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, lazyPart } from '@app/shared';
import type { PipelineStage, Prospect } from '@app/shared/forms';
import { stageChangeToasts } from '../components/company-list';
import { useActiveGoals } from '../features/goals/api/get-goals';
import { usePipelineStages } from '../features/pipeline-stages/api/get-pipeline-stages';
import { useChangeProspectStage } from '../features/prospects/api/change-prospect-stage';
import { prospectQueryOptions } from '../features/prospects/api/get-prospect';
import { ProspectDetails } from '../features/prospects/components/prospect-details';
import { recordTimelineQueryKey } from '../features/record-pages/api/get-record-timeline';
import { NotesBox } from '../features/record-pages/components/notes-box';
import { OpenTasks } from '../features/tasks/components/open-tasks';
import { RecordQueryGate } from '../features/record-pages/components/record-query-gate';
import { RecordPageLayout } from '../features/record-pages/components/record-page-layout';
import { RecordTimeline } from '../features/record-pages/components/record-timeline';
import { EmailButton } from '../features/record-mail/components/email-button';
import { RecordMails } from '../features/record-mail/components/record-mails';
import { useStatusOptions } from '../features/status-options/api/get-status-options';
import { activeSorted } from '../lib/options';

// The dialogs load when first opened: the page shows without them (and without zod and the phone parser).
const ProspectFormDialog = lazyPart(() => import('../features/prospects/components/prospect-form-dialog'), 'ProspectFormDialog');
const UpdateStatusDialog = lazyPart(() => import('../features/prospects/components/update-status-dialog'), 'UpdateStatusDialog');
const StageUpdateDialog = lazyPart(() => import('../components/stage-update-dialog'), 'StageUpdateDialog');

type Open = 'edit' | 'status' | 'stage' | null;
const NO_GOALS: never[] = [];

/** The actions the prospect's details dialog offers, with the same dialogs. */
function ProspectActions({ tenantId, prospect }: { tenantId: string; prospect: Prospect }) {
  const [open, setOpen] = useState<Open>(null);
  const queryClient = useQueryClient();
  const { data: statusOptions } = useStatusOptions(tenantId);
  const { data: goals = NO_GOALS } = useActiveGoals(tenantId);
  const { data: stageOptions } = usePipelineStages(tenantId);
  const statuses = useMemo(() => activeSorted(statusOptions ?? []), [statusOptions]);
  const stages = useMemo(() => activeSorted(stageOptions ?? []), [stageOptions]);
  const changeStage = useChangeProspectStage(tenantId);
  const close = () => {
    setOpen(null);
    // A change made in a dialog is on the record's timeline.
    void queryClient.invalidateQueries({ queryKey: prospectQueryOptions(tenantId, prospect.id).queryKey });
    void queryClient.invalidateQueries({ queryKey: recordTimelineQueryKey(tenantId, 'prospects', prospect.id) });
  };
  const submitStage = (stage: PipelineStage, notes: string) => {
    const toasts = stageChangeToasts('Prospect');
    changeStage.mutate(
      { prospect, stage, notes },
      { onSuccess: (answer) => toasts.success(answer.pipeline_stage_name), onError: toasts.failure, onSettled: close },
    );
    setOpen(null);
  };
  return (
    <>
      <EmailButton tenantId={tenantId} kind="prospects" id={prospect.id} name={prospect.name} />
      <Button $variant="secondary" onClick={() => setOpen('edit')}>
        Edit
      </Button>
      <Button $variant="secondary" onClick={() => setOpen('stage')}>
        Update Stage
      </Button>
      <Button onClick={() => setOpen('status')}>Update Status</Button>
      <Suspense fallback={null}>
        {open === 'edit' && <ProspectFormDialog tenantId={tenantId} prospect={prospect} onDismiss={close} />}
        {open === 'status' && <UpdateStatusDialog tenantId={tenantId} prospect={prospect} statuses={statuses} goals={goals} onDismiss={close} />}
        {open === 'stage' && (
          <StageUpdateDialog
            entity="Prospect"
            subjectName={prospect.name}
            currentStageName={prospect.pipeline_stage_name}
            stages={stages}
            onSubmit={submitStage}
            onDismiss={() => setOpen(null)}
          />
        )}
      </Suspense>
    </>
  );
}

/** /crm/prospects/{id}: the prospect's details, notes and timeline, with its dialogs' actions. */
export function ProspectRecordPage({ tenantId }: { tenantId: string }) {
  const { id = '' } = useParams();
  const query = useQuery(prospectQueryOptions(tenantId, id));
  return (
    <RecordQueryGate query={query} noun="Prospect">
      {(prospect) => (
        <RecordPageLayout
          title={prospect.name}
          backTo="/crm"
          actions={<ProspectActions tenantId={tenantId} prospect={prospect} />}
          details={<ProspectDetails prospect={prospect} />}
          notes={<NotesBox tenantId={tenantId} kind="prospects" id={prospect.id} />}
          tasks={<OpenTasks tenantId={tenantId} kind="prospects" id={prospect.id} />}
          timeline={<RecordTimeline tenantId={tenantId} kind="prospects" id={prospect.id} />}
          mail={<RecordMails tenantId={tenantId} kind="prospects" id={prospect.id} name={prospect.name} />}
        />
      )}
    </RecordQueryGate>
  );
}

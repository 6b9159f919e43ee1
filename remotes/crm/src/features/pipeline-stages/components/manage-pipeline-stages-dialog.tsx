import { useState } from 'react';
import styled from 'styled-components';
import {
  Badge,
  Button,
  ConfirmDialog,
  Dialog,
  DialogFooter,
  EmptyState,
  ErrorPanel,
  errorMessage,
  MutedText,
  Skeleton,
  toast,
  type PipelineStage,
} from '@app/shared';
import { StyledBadges } from '../../../components/layout';
import { StageDot } from '../../../components/stage-badge';
import { bySortOrder } from '../../../lib/options';
import { useDeletePipelineStage } from '../api/delete-pipeline-stage';
import { usePipelineStages } from '../api/get-pipeline-stages';
import { PipelineStageFormCard } from './pipeline-stage-form-card';

const StyledList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
`;

const StyledRow = styled.li`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  h3 { font-size: 1rem; margin: 0; overflow-wrap: anywhere; }
  > div:first-child { flex: 1; min-width: 0; }
`;

const StyledRowActions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(1)};
`;

const StyledHeaderRow = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-bottom: ${({ theme }) => theme.space(3)};
`;

type FormState = { mode: 'create' } | { mode: 'edit'; stage: PipelineStage } | null;

export function ManagePipelineStagesDialog({ tenantId, onDismiss }: { tenantId: string; onDismiss: () => void }) {
  const { data, isPending, isError, refetch } = usePipelineStages(tenantId);
  const remove = useDeletePipelineStage(tenantId);
  const [form, setForm] = useState<FormState>(null);
  const [deleting, setDeleting] = useState<PipelineStage | null>(null);
  const stages = [...(data ?? [])].sort(bySortOrder);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast({ title: 'Pipeline stage deleted', variant: 'success' });
        setDeleting(null);
      },
      onError: (error) => {
        toast({ title: 'Error', description: errorMessage(error, 'Failed to delete pipeline stage option'), variant: 'destructive' });
        setDeleting(null);
      },
    });
  };

  let body;
  if (isPending) {
    body = (
      <div role="status" aria-busy="true">
        <span className="visually-hidden">Loading pipeline stages...</span>
        <Skeleton $height="3.5rem" />
      </div>
    );
  } else if (isError) {
    body = <ErrorPanel title="Failed to load pipeline stages" message="The pipeline stages could not be loaded." onRetry={() => void refetch()} />;
  } else if (stages.length === 0 && !form) {
    body = (
      <EmptyState
        title="No Pipeline Stages"
        hint="Stages track how far a lead has come, such as Qualified or Proposal Sent."
        action={<Button onClick={() => setForm({ mode: 'create' })}>Create First Stage</Button>}
      />
    );
  } else {
    body = (
      <StyledList>
        {stages.map((stage) => (
          <StyledRow key={stage.id}>
            <div>
              <h3>
                <StageDot color={stage.color} />
                {stage.name}
              </h3>
              {stage.description && <MutedText>{stage.description}</MutedText>}
              <StyledBadges>
                <Badge>Order: {stage.sort_order}</Badge>
                <Badge $tone={stage.is_active ? 'success' : 'neutral'}>{stage.is_active ? 'Active' : 'Inactive'}</Badge>
              </StyledBadges>
            </div>
            <StyledRowActions>
              <Button $variant="ghost" $size="sm" aria-label={`Edit ${stage.name}`} onClick={() => setForm({ mode: 'edit', stage })}>
                Edit
              </Button>
              <Button $variant="ghost" $size="sm" aria-label={`Delete ${stage.name}`} onClick={() => setDeleting(stage)}>
                Delete
              </Button>
            </StyledRowActions>
          </StyledRow>
        ))}
      </StyledList>
    );
  }

  return (
    <Dialog isOpen onDismiss={onDismiss} title="Manage Pipeline Stages" description="The stages a lead or prospect moves through, in the order pickers show them." width="40rem">
      {stages.length > 0 && !form && (
        <StyledHeaderRow>
          <Button onClick={() => setForm({ mode: 'create' })}>Add Stage</Button>
        </StyledHeaderRow>
      )}
      {form && (
        <PipelineStageFormCard
          key={form.mode === 'edit' ? form.stage.id : 'new'}
          tenantId={tenantId}
          stage={form.mode === 'edit' ? form.stage : undefined}
          onDone={() => setForm(null)}
        />
      )}
      {body}
      <DialogFooter>
        <Button $variant="secondary" onClick={onDismiss}>
          Close
        </Button>
      </DialogFooter>
      <ConfirmDialog
        isOpen={deleting !== null}
        title="Delete Pipeline Stage"
        message="Are you sure you want to delete this pipeline stage option? This action cannot be undone."
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </Dialog>
  );
}

/** The 'Manage Stages' toolbar button with the dialog it opens. */
export function ManagePipelineStagesButton({ tenantId }: { tenantId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button $variant="secondary" onClick={() => setOpen(true)}>
        Manage Stages
      </Button>
      {open && <ManagePipelineStagesDialog tenantId={tenantId} onDismiss={() => setOpen(false)} />}
    </>
  );
}

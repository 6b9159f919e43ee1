import type { PipelineStage } from '@app/shared/forms';
import { ManageOptionsDialog, type ManageOptionsTexts } from '../../../components/manage-options-dialog';
import { StageDot } from '../../../components/stage-badge';
import { useDeletePipelineStage } from '../api/delete-pipeline-stage';
import { usePipelineStages } from '../api/get-pipeline-stages';
import { PipelineStageFormCard } from './pipeline-stage-form-card';

const texts: ManageOptionsTexts = {
  title: 'Manage Pipeline Stages',
  description: 'The stages a lead or prospect moves through, in the order pickers show them.',
  loading: 'Loading pipeline stages...',
  loadFailedTitle: 'Failed to load pipeline stages',
  loadFailedMessage: 'The pipeline stages could not be loaded.',
  emptyTitle: 'No Pipeline Stages',
  emptyHint: 'Stages track how far a lead has come, such as Qualified or Proposal Sent.',
  createFirst: 'Create First Stage',
  add: 'Add Stage',
  deleted: 'Pipeline stage deleted',
  deleteFailed: 'Failed to delete pipeline stage option',
  deleteTitle: 'Delete Pipeline Stage',
  deleteMessage: 'Are you sure you want to delete this pipeline stage option? This action cannot be undone.',
};

const colourDot = (stage: PipelineStage) => <StageDot color={stage.color} />;

export function ManagePipelineStagesDialog({ tenantId, onDismiss }: { tenantId: string; onDismiss: () => void }) {
  return (
    <ManageOptionsDialog
      texts={texts}
      query={usePipelineStages(tenantId)}
      remove={useDeletePipelineStage(tenantId)}
      renderMarker={colourDot}
      form={{
        // The stage form is a card in the dialog, not a dialog over it.
        placement: 'inline',
        render: (stage, done) => <PipelineStageFormCard key={stage?.id ?? 'new'} tenantId={tenantId} stage={stage} onDone={done} />,
      }}
      onDismiss={onDismiss}
    />
  );
}

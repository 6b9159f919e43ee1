import { OpenDialogButton } from '../../../components/open-dialog-button';
import { lazyPart } from '@app/shared';

const ManagePipelineStagesDialog = lazyPart(() => import('./manage-pipeline-stages-dialog'), 'ManagePipelineStagesDialog');

/** The 'Manage Stages' toolbar button with the dialog it opens. */
export function ManagePipelineStagesButton({ tenantId }: { tenantId: string }) {
  return (
    <OpenDialogButton label="Manage Stages" preload={ManagePipelineStagesDialog.preload}>
      {(close) => <ManagePipelineStagesDialog tenantId={tenantId} onDismiss={close} />}
    </OpenDialogButton>
  );
}

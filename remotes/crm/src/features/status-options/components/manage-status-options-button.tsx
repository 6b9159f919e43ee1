import { OpenDialogButton } from '../../../components/open-dialog-button';
import { lazyPart } from '@app/shared';

const ManageStatusOptionsDialog = lazyPart(() => import('./manage-status-options-dialog'), 'ManageStatusOptionsDialog');

/** The 'Manage Status' toolbar button with the dialog it opens. */
export function ManageStatusOptionsButton({ tenantId }: { tenantId: string }) {
  return (
    <OpenDialogButton label="Manage Status" preload={ManageStatusOptionsDialog.preload}>
      {(close) => <ManageStatusOptionsDialog tenantId={tenantId} onDismiss={close} />}
    </OpenDialogButton>
  );
}

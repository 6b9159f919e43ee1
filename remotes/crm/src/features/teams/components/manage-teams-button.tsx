import { OpenDialogButton } from '../../../components/open-dialog-button';
import { lazyPart } from '@app/shared';

const ManageTeamsDialog = lazyPart(() => import('./manage-teams-dialog'), 'ManageTeamsDialog');

/** The 'Manage Teams' toolbar button (admins) with the dialog it opens. */
export function ManageTeamsButton({ tenantId }: { tenantId: string }) {
  return (
    <OpenDialogButton label="Manage Teams" preload={ManageTeamsDialog.preload}>
      {(close) => <ManageTeamsDialog tenantId={tenantId} onDismiss={close} />}
    </OpenDialogButton>
  );
}

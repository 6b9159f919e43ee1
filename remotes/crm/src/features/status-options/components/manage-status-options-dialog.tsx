import { Badge } from '@app/shared';
import { type StatusOption } from '@app/shared/forms';
import { ManageOptionsDialog, type ManageOptionsTexts } from '../../../components/manage-options-dialog';
import { useDeleteStatusOption } from '../api/delete-status-option';
import { useStatusOptions } from '../api/get-status-options';
import { StatusOptionFormDialog } from './status-option-form-dialog';

const texts: ManageOptionsTexts = {
  title: 'Manage Status Options',
  description: 'The statuses a prospect can be given, in the order pickers show them.',
  loading: 'Loading status options...',
  loadFailedTitle: 'Failed to load status options',
  loadFailedMessage: 'The status options could not be loaded.',
  emptyTitle: 'No Status Options',
  emptyHint: 'Statuses describe where each prospect stands, such as Interested or Call Back.',
  createFirst: 'Create First Status',
  add: 'Add Status',
  deleted: 'Status option deleted',
  deleteFailed: 'Failed to delete status option',
  deleteTitle: 'Delete Status Option',
  deleteMessage: 'Are you sure you want to delete this status option? This action cannot be undone.',
};

const flagBadges = (option: StatusOption) => (
  <>
    {option.converts_to_lead && <Badge $tone="info">Converts to lead</Badge>}
    {option.removes_from_prospects && <Badge $tone="warning">Removes from prospects</Badge>}
    {option.is_callback && <Badge $tone="success">Callback status</Badge>}
  </>
);

export function ManageStatusOptionsDialog({ tenantId, onDismiss }: { tenantId: string; onDismiss: () => void }) {
  return (
    <ManageOptionsDialog
      texts={texts}
      query={useStatusOptions(tenantId)}
      remove={useDeleteStatusOption(tenantId)}
      renderBadges={flagBadges}
      form={{
        placement: 'dialog',
        render: (option, done) => <StatusOptionFormDialog tenantId={tenantId} option={option} onDismiss={done} />,
      }}
      onDismiss={onDismiss}
    />
  );
}

import { ConfirmDialog } from '@app/shared/staff';
import { errorMessage, toast } from '@app/shared';
import { type User } from '@app/shared/forms';
import { useDeleteUser } from '../api/delete-user';

export interface DeleteUserDialogProps {
  user: User;
  onDeleted: () => void;
  onDismiss: () => void;
}

export function DeleteUserDialog({ user, onDeleted, onDismiss }: DeleteUserDialogProps) {
  const remove = useDeleteUser();
  const who = user.full_name.trim() || user.email;

  const confirm = () =>
    remove.mutate(user.id, {
      onSuccess: () => {
        toast({ title: 'User deleted', description: who, variant: 'success' });
        onDeleted();
      },
      // The server refuses to remove the last active admin and says why (409): that sentence is shown.
      onError: (failure) => toast({ title: 'Error', description: errorMessage(failure, 'Failed to delete user'), variant: 'destructive' }),
      onSettled: onDismiss,
    });

  return (
    <ConfirmDialog
      isOpen
      title="Delete User"
      message={`Are you sure you want to delete ${who}? This action cannot be undone.`}
      busy={remove.isPending}
      onConfirm={confirm}
      onCancel={onDismiss}
    />
  );
}

import { useState, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button, errorMessage, MutedText, toast } from '@app/shared';
import { CheckboxField } from '@app/shared/ui/checkbox-field';
import { LoadingState } from '@app/shared/ui/loading-state';
import { Dialog, DialogFooter } from '@app/shared/staff';
import { type User } from '@app/shared/forms';
import { StyledFormError } from '../../../components/layout';
import { SubmitButton } from '../../../components/submit-button';
import { useGroups } from '../api/get-groups';
import { useSetUserGroups } from '../api/set-user-groups';
import { displayName } from '../utils/user-display';

const StyledWho = styled.div`
  margin-bottom: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  strong { display: block; overflow-wrap: anywhere; }
  p { overflow-wrap: anywhere; }
`;

const StyledGroupList = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  padding: 0;
  border: 0;
  legend { font-weight: 600; margin-bottom: ${({ theme }) => theme.space(2)}; padding: 0; }
`;

export function ManageGroupsDialog({ user, onDismiss }: { user: User; onDismiss: () => void }) {
  const groups = useGroups();
  const save = useSetUserGroups();
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set(user.groups.map((group) => group.id)));

  const toggle = (groupId: string, checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(groupId);
      else next.delete(groupId);
      return next;
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    // In the order the groups are listed, and only ids that still exist.
    const groupIds = (groups.data ?? []).filter((group) => selected.has(group.id)).map((group) => group.id);
    save.mutate(
      { userId: user.id, groupIds },
      {
        onSuccess: () => {
          toast({ title: 'Success', description: 'User groups updated successfully', variant: 'success' });
          onDismiss();
        },
        onError: (failure) => toast({ title: 'Error', description: errorMessage(failure, 'Failed to update user groups'), variant: 'destructive' }),
      },
    );
  };

  let body: ReactNode;
  if (groups.isPending) body = <LoadingState label="Loading groups..." />;
  else if (groups.isError)
    body = (
      <StyledFormError role="alert">
        {errorMessage(groups.error, 'Failed to load groups')}{' '}
        <Button $variant="secondary" $size="sm" onClick={() => void groups.refetch()}>
          Retry
        </Button>
      </StyledFormError>
    );
  else if (groups.data.length === 0) body = <MutedText>No groups exist yet.</MutedText>;
  else
    body = (
      <StyledGroupList>
        <legend>Groups</legend>
        {groups.data.map((group) => (
          <CheckboxField
            key={group.id}
            label={group.name}
            hint={group.description || undefined}
            checked={selected.has(group.id)}
            onChange={(event) => toggle(group.id, event.target.checked)}
            disabled={save.isPending}
          />
        ))}
      </StyledGroupList>
    );

  return (
    <Dialog isOpen onDismiss={onDismiss} title="Manage Groups" description="Choose the groups this user belongs to.">
      <form onSubmit={submit}>
        <StyledWho>
          <strong>{displayName(user)}</strong>
          <MutedText>{user.email}</MutedText>
        </StyledWho>
        {body}
        <DialogFooter>
          <Button $variant="secondary" onClick={onDismiss} disabled={save.isPending}>
            Cancel
          </Button>
          <SubmitButton busy={save.isPending} disabled={!groups.isSuccess}>
            {save.isPending ? 'Updating...' : 'Update Groups'}
          </SubmitButton>
        </DialogFooter>
      </form>
    </Dialog>
  );
}

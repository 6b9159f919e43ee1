import { useMemo, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, errorMessage, MutedText, TextField, toast } from '@app/shared';
import { createTeamSchema, useFormFields, validateWith, type Team, type User } from '@app/shared/forms';
import { Combobox, Dialog, DialogCancel, DialogFooter } from '@app/shared/staff';
import { StyledFormStack } from '../../../components/layout';
import { useCreateTeam } from '../api/create-team';
import { useUpdateTeam } from '../api/update-team';
import { memberName } from '../utils/member-name';

const StyledMembers = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  legend { font-weight: 600; padding: 0 ${({ theme }) => theme.space(1)}; }
  ul { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: ${({ theme }) => theme.space(1)}; }
  li { display: flex; align-items: center; justify-content: space-between; gap: ${({ theme }) => theme.space(2)}; overflow-wrap: anywhere; }
`;

// The tenant comes from the picker, not from the form.
const teamFormSchema = createTeamSchema.omit({ tenant_id: true });

export interface TeamFormDialogProps {
  tenantId: string;
  /** The team being edited; absent when creating. */
  team?: Team;
  /** Every team of the tenant: the picker says which one a user is in now. */
  teams: readonly Team[];
  /** The tenant's users, the only ones a team of it may have. */
  users: readonly User[];
  onDismiss: () => void;
}

export function TeamFormDialog({ tenantId, team, teams, users, onDismiss }: TeamFormDialogProps) {
  const { values, errors, setErrors, set, field, dirty } = useFormFields(
    { name: team?.name ?? '', member_ids: team?.member_ids ?? [] },
    { contract: createTeamSchema },
  );
  const create = useCreateTeam(tenantId);
  const update = useUpdateTeam(tenantId);
  const busy = create.isPending || update.isPending;

  const teamOf = useMemo(() => new Map(teams.flatMap((other) => other.member_ids.map((id) => [id, other] as const))), [teams]);
  const byId = useMemo(() => new Map(users.map((user) => [user.id, user])), [users]);
  const candidates = useMemo(() => users.filter((user) => !values.member_ids.includes(user.id)), [users, values.member_ids]);
  // A user in another team moves here on save: the picker says so before it happens.
  const whereNow = (user: User) => {
    const current = teamOf.get(user.id);
    return current && current.id !== team?.id ? `${user.email} · now in ${current.name}` : user.email;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateWith(teamFormSchema, values);
    setErrors(result.errors);
    if (!result.data) return;
    const onError = (error: unknown) =>
      toast({ title: 'Error', description: errorMessage(error, team ? 'Failed to update team' : 'Failed to create team'), variant: 'destructive' });
    const onSuccess = (message: string) => () => {
      toast({ title: message, variant: 'success' });
      onDismiss();
    };
    if (team) update.mutate({ id: team.id, body: result.data }, { onSuccess: onSuccess('Team updated'), onError });
    else create.mutate(result.data, { onSuccess: onSuccess('Team created'), onError });
  };

  return (
    <Dialog isOpen onDismiss={onDismiss} title={team ? 'Edit Team' : 'Add Team'} dirty={dirty}>
      <StyledFormStack onSubmit={submit} noValidate>
        <TextField label="Name" autoFocus {...field('name')} />
        <StyledMembers>
          <legend>Members</legend>
          {values.member_ids.length === 0 ? (
            <MutedText>No members yet.</MutedText>
          ) : (
            <ul aria-label="Members">
              {values.member_ids.map((id) => {
                const name = memberName(byId.get(id), id);
                return (
                  <li key={id}>
                    {name}
                    <Button
                      $variant="ghost"
                      $size="sm"
                      aria-label={`Remove ${name}`}
                      onClick={() =>
                        set(
                          'member_ids',
                          values.member_ids.filter((member) => member !== id),
                        )
                      }
                    >
                      Remove
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
          <Combobox
            label="Add member"
            items={candidates}
            selectedItem={null}
            onSelect={(user) => user && set('member_ids', [...values.member_ids, user.id])}
            getName={(user) => memberName(user, user.id)}
            getDescription={whereNow}
            getKey={(user) => user.id}
            placeholder="Search the tenant's users"
            emptyText={(query) => (query ? `No user matches "${query}"` : 'Every user of the tenant is in this team')}
          />
          <MutedText>A user is in one team: adding someone from another team moves them here.</MutedText>
          {errors.member_ids && <MutedText role="alert">{errors.member_ids}</MutedText>}
        </StyledMembers>
        <DialogFooter>
          <DialogCancel disabled={busy} />
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving...' : team ? 'Save Changes' : 'Create Team'}
          </Button>
        </DialogFooter>
      </StyledFormStack>
    </Dialog>
  );
}

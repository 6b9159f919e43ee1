import { useState } from 'react';
import { Badge, Button, EmptyState, errorMessage, ErrorPanel, MutedText, Skeleton, toast } from '@app/shared';
import { CardBadges } from '@app/shared/ui/card-layout';
import type { Team } from '@app/shared/forms';
import { ConfirmDialog, Dialog, DialogFooter } from '@app/shared/staff';
import { StyledHeaderRow, StyledList, StyledRow, RowEditDelete } from '../../../components/managed-list';
import { useDeleteTeam } from '../api/delete-team';
import { useTeams } from '../../../api/get-teams';
import { useTenantUsers } from '../api/get-tenant-users';
import { memberName } from '../utils/member-name';
import { TeamFormDialog } from './team-form-dialog';

type FormState = { mode: 'create' } | { mode: 'edit'; team: Team } | null;

/** Manage Teams: the tenant's teams with their members; admins add, rename, re-staff and delete them. */
export function ManageTeamsDialog({ tenantId, onDismiss }: { tenantId: string; onDismiss: () => void }) {
  const teamsQuery = useTeams(tenantId);
  const usersQuery = useTenantUsers(tenantId);
  const remove = useDeleteTeam(tenantId);
  const [form, setForm] = useState<FormState>(null);
  const [deleting, setDeleting] = useState<Team | null>(null);
  const teams = teamsQuery.data ?? [];
  const users = usersQuery.data ?? [];
  const byId = new Map(users.map((user) => [user.id, user]));

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast({ title: 'Team deleted', variant: 'success' }),
      onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to delete team'), variant: 'destructive' }),
      onSettled: () => setDeleting(null),
    });
  };

  let body;
  if (teamsQuery.isPending || usersQuery.isPending) {
    body = (
      <div role="status" aria-busy="true">
        <span className="visually-hidden">Loading teams...</span>
        <Skeleton $height="3.5rem" />
      </div>
    );
  } else if (teamsQuery.isError || usersQuery.isError) {
    body = (
      <ErrorPanel
        title="Failed to load teams"
        message="The teams or the tenant's users could not be loaded."
        onRetry={() => void Promise.all([teamsQuery.refetch(), usersQuery.refetch()])}
      />
    );
  } else if (teams.length === 0) {
    body = (
      <EmptyState
        title="No Teams"
        hint="A team groups the people who work together, such as Inbound or Outbound."
        action={<Button onClick={() => setForm({ mode: 'create' })}>Create First Team</Button>}
      />
    );
  } else {
    body = (
      <StyledList>
        {teams.map((team) => (
          <StyledRow key={team.id}>
            <div>
              <h3>{team.name}</h3>
              {team.member_ids.length === 0 ? (
                <MutedText>No members</MutedText>
              ) : (
                <CardBadges role="group" aria-label={`Members of ${team.name}`}>
                  {team.member_ids
                    .map((id) => memberName(byId.get(id), id))
                    .sort((a, b) => a.localeCompare(b))
                    .map((name) => (
                      <Badge key={name}>{name}</Badge>
                    ))}
                </CardBadges>
              )}
            </div>
            <RowEditDelete name={team.name} onEdit={() => setForm({ mode: 'edit', team })} onDelete={() => setDeleting(team)} />
          </StyledRow>
        ))}
      </StyledList>
    );
  }

  return (
    <Dialog
      isOpen
      onDismiss={onDismiss}
      title="Manage Teams"
      description="Who works together: a user who sees Team records sees those owned by anyone in their team."
      width="40rem"
    >
      {teams.length > 0 && (
        <StyledHeaderRow>
          <Button onClick={() => setForm({ mode: 'create' })}>Add Team</Button>
        </StyledHeaderRow>
      )}
      {body}
      <DialogFooter>
        <Button $variant="secondary" onClick={onDismiss}>
          Close
        </Button>
      </DialogFooter>
      {form && (
        <TeamFormDialog tenantId={tenantId} team={form.mode === 'edit' ? form.team : undefined} teams={teams} users={users} onDismiss={() => setForm(null)} />
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        title="Delete Team"
        message="Are you sure you want to delete this team? Its members keep their records, and those who see Team records then see only their own."
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </Dialog>
  );
}

import { onServerDay, useServerDay } from '../../../api/get-server-day';
import { useState, type ReactNode } from 'react';
import { ApiError, Button, EmptyState, errorMessage, ErrorPanel, MutedText, toast, useSession } from '@app/shared';
import { CardGrid } from '@app/shared/ui/card-layout';
import { RefreshButton } from '@app/shared/ui/refresh-button';
import { SearchField } from '@app/shared/ui/search-field';
import { ConfirmDialog } from '@app/shared/staff';
import { mayWriteGoal, type Goal } from '@app/shared/forms';
import { ListSkeleton } from '../../../components/list-skeleton';
import { StyledListFooter, StyledToolbar, StyledToolbarActions } from '../../../components/layout';
import { useDeleteGoal } from '../api/delete-goal';
import { useGoals } from '../api/get-goals';
import { filterGoals } from '../utils/filter-goals';
import { EndGoalDialog } from './end-goal-dialog';
import { GoalCard } from './goal-card';
import { GoalFormDialog } from './goal-form-dialog';

type Open = { kind: 'create' } | { kind: 'edit'; goal: Goal } | { kind: 'delete'; goal: Goal } | { kind: 'end'; goal: Goal; reason: string } | null;

/**
 * lockedNote: in place of the goal controls when the user may not change goals (the tenant keeps them for admins).
 * Otherwise a goal is edited and deleted by its user or an admin only, as the server decides.
 */
export function GoalsTab({ tenantId, lockedNote }: { tenantId: string; lockedNote?: ReactNode }) {
  const { data, isPending, isError, isFetching, refetch } = useGoals(tenantId);
  const { user } = useSession();
  const remove = useDeleteGoal(tenantId);
  const mayChange = (goal: Goal) => !lockedNote && Boolean(user) && mayWriteGoal({ id: user!._id, isAdmin: user!.is_admin }, goal.user_id);
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<Open>(null);
  const goals = data ?? [];
  const shown = filterGoals(goals, search);
  // The goals' days are the server's, as the Calls report counts them.
  const now = onServerDay(new Date(), useServerDay());
  const close = () => setOpen(null);

  const confirmDelete = (goal: Goal) => {
    remove.mutate(goal.id, {
      onSuccess: () => {
        toast({ title: 'Goal deleted', description: goal.name, variant: 'success' });
        close();
      },
      onError: (failure) => {
        // A goal with calls is ended instead: the server says why, and the end is offered.
        if (failure instanceof ApiError && failure.status === 409 && failure.detail) setOpen({ kind: 'end', goal, reason: failure.detail });
        else {
          toast({ title: 'Error', description: errorMessage(failure, 'Failed to delete goal'), variant: 'destructive' });
          close();
        }
      },
    });
  };

  let list: ReactNode;
  if (isPending) list = <ListSkeleton label="Loading goals..." count={3} />;
  else if (isError) list = <ErrorPanel title="Failed to load goals" message="The goals could not be loaded." onRetry={() => void refetch()} />;
  else if (goals.length === 0)
    list = (
      <EmptyState
        title="No goals set yet"
        hint="A goal sets how many calls a day the team aims for."
        action={lockedNote ?? <Button onClick={() => setOpen({ kind: 'create' })}>Add Goal</Button>}
      />
    );
  else if (shown.length === 0) list = <EmptyState title="No goals found" hint="Try adjusting your search criteria" />;
  else
    list = (
      <CardGrid aria-label="Goals">
        {shown.map((goal) => (
          <li key={goal.id}>
            <GoalCard
              goal={goal}
              now={now}
              onEdit={mayChange(goal) ? (target) => setOpen({ kind: 'edit', goal: target }) : undefined}
              onDelete={mayChange(goal) ? (target) => setOpen({ kind: 'delete', goal: target }) : undefined}
            />
          </li>
        ))}
      </CardGrid>
    );

  return (
    <>
      <StyledToolbar>
        <SearchField label="Search goals" placeholder="Search goals..." value={search} onChange={(event) => setSearch(event.target.value)} />
        <StyledToolbarActions>
          <RefreshButton onRefresh={() => void refetch()} refreshing={isFetching && !isPending} />
          {lockedNote ?? <Button onClick={() => setOpen({ kind: 'create' })}>Add Goal</Button>}
        </StyledToolbarActions>
      </StyledToolbar>
      {data && goals.length > 0 && (
        <StyledListFooter>
          <MutedText role="status">
            Showing {shown.length} of {goals.length} goals
          </MutedText>
        </StyledListFooter>
      )}
      {list}
      {open?.kind === 'create' && <GoalFormDialog tenantId={tenantId} onDismiss={close} />}
      {open?.kind === 'edit' && <GoalFormDialog tenantId={tenantId} goal={open.goal} onDismiss={close} />}
      <ConfirmDialog
        isOpen={open?.kind === 'delete'}
        title="Delete Goal"
        message={open?.kind === 'delete' ? `Are you sure you want to delete the goal "${open.goal.name}"? This action cannot be undone.` : ''}
        busy={remove.isPending}
        onConfirm={() => open?.kind === 'delete' && confirmDelete(open.goal)}
        onCancel={close}
      />
      {open?.kind === 'end' && <EndGoalDialog tenantId={tenantId} goal={open.goal} reason={open.reason} onDismiss={close} />}
    </>
  );
}

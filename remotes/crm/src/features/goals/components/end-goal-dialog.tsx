import { onServerDay, useServerDay } from '../../../api/get-server-day';
import { errorMessage, toast } from '@app/shared';
import { ConfirmDialog } from '@app/shared/staff';
import { type Goal } from '@app/shared/forms';
import { useUpdateGoal } from '../api/update-goal';
import { toDateKey } from '../utils/goal-metrics';

/** The last day of a goal ended now: today, or its first day when it has not started yet. */
export function endDayOf(goal: Pick<Goal, 'start_date'>, now: Date): string {
  const today = toDateKey(now);
  return today < goal.start_date ? goal.start_date : today;
}

/**
 * Offered when the server refuses to delete a goal with calls: ending it keeps its calls in the
 * dashboard and reports, and it is no longer offered once its last day is over.
 */
export function EndGoalDialog({ tenantId, goal, reason, onDismiss }: { tenantId: string; goal: Goal; reason: string; onDismiss: () => void }) {
  const update = useUpdateGoal(tenantId);
  const now = onServerDay(new Date(), useServerDay());
  const endDay = endDayOf(goal, now);

  const end = () => {
    const body = {
      name: goal.name,
      description: goal.description,
      target_count: goal.target_count,
      start_date: goal.start_date,
      end_date: endDay,
    };
    update.mutate(
      { id: goal.id, body },
      {
        onSuccess: () => {
          toast({ title: 'Goal ended', description: goal.name, variant: 'success' });
          onDismiss();
        },
        onError: (failure) => {
          toast({ title: 'Error', description: errorMessage(failure, 'Failed to end goal'), variant: 'destructive' });
          onDismiss();
        },
      },
    );
  };

  return (
    <ConfirmDialog
      isOpen
      title="End Goal"
      message={reason}
      confirmLabel={endDay === toDateKey(now) ? 'End goal today' : 'End goal on its first day'}
      destructive={false}
      busy={update.isPending}
      onConfirm={end}
      onCancel={onDismiss}
    />
  );
}

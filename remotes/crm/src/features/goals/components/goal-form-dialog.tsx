import { onServerDay, useServerDay } from '../../../api/get-server-day';
import type { FormEvent } from 'react';
import { Button, errorMessage, TextAreaField, TextField, toast } from '@app/shared';
import { DEFAULT_GOAL_DAYS, DEFAULT_GOAL_TARGET, goalInputSchema, useFormFields, validateWith, type Goal } from '@app/shared/forms';
import { Dialog, DialogCancel, DialogFooter } from '@app/shared/staff';
import { StyledFormStack, StyledTwoColumns } from '../../../components/layout';
import { useCreateGoal } from '../api/create-goal';
import { useUpdateGoal } from '../api/update-goal';
import { toDateKey } from '../utils/goal-metrics';

/** What the inputs hold: the contract's fields, the target still as typed. */
export type GoalFormValues = Record<'name' | 'target_count' | 'start_date' | 'end_date' | 'description', string>;

/** A target that is not a number falls back to 1, so only a 0 or a negative number is refused. */
export function parseTarget(value: string): number {
  const parsed = Number.parseInt(value, 10);
  return Number.isFinite(parsed) ? parsed : 1;
}

export function validateGoal(values: GoalFormValues) {
  return validateWith(goalInputSchema, { ...values, target_count: parseTarget(values.target_count) });
}

export function GoalFormDialog({ tenantId, goal, onDismiss }: { tenantId: string; goal?: Goal; onDismiss: () => void }) {
  // A new goal starts on the server's day.
  const now = onServerDay(new Date(), useServerDay());
  const today = toDateKey(now);
  const weekEnd = toDateKey(new Date(now.getFullYear(), now.getMonth(), now.getDate() + DEFAULT_GOAL_DAYS - 1));
  const { values, setErrors, field, dirty } = useFormFields<GoalFormValues>(
    {
      name: goal?.name ?? '',
      target_count: String(goal?.target_count ?? DEFAULT_GOAL_TARGET),
      start_date: goal?.start_date ?? today,
      end_date: goal?.end_date ?? weekEnd,
      description: goal?.description ?? '',
    },
    { contract: goalInputSchema },
  );
  const create = useCreateGoal(tenantId);
  const update = useUpdateGoal(tenantId);
  const busy = create.isPending || update.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateGoal(values);
    setErrors(result.errors);
    if (!result.data) return;
    const body = result.data;
    const onError = (failure: unknown) =>
      toast({ title: 'Error', description: errorMessage(failure, goal ? 'Failed to update goal' : 'Failed to create goal'), variant: 'destructive' });
    const onSuccess = () => {
      toast({ title: goal ? 'Goal updated' : 'Goal created', description: body.name, variant: 'success' });
      onDismiss();
    };
    if (goal) update.mutate({ id: goal.id, body }, { onSuccess, onError });
    else create.mutate(body, { onSuccess, onError });
  };

  return (
    <Dialog isOpen onDismiss={onDismiss} title={goal ? 'Edit Goal' : 'Add New Goal'} dirty={dirty}>
      <StyledFormStack onSubmit={submit} noValidate>
        <TextField label="Name" autoFocus {...field('name')} />
        <TextField label="Target count (calls per day)" type="number" min={1} step={1} inputMode="numeric" {...field('target_count')} />
        <StyledTwoColumns>
          <TextField label="Start date" type="date" {...field('start_date')} />
          <TextField label="End date" type="date" {...field('end_date')} />
        </StyledTwoColumns>
        <TextAreaField label="Description" rows={3} {...field('description')} />
        <DialogFooter>
          <DialogCancel disabled={busy} />
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving...' : goal ? 'Save Changes' : 'Create Goal'}
          </Button>
        </DialogFooter>
      </StyledFormStack>
    </Dialog>
  );
}

import { useState, type FormEvent } from 'react';
import {
  Button,
  DEFAULT_GOAL_TARGET,
  Dialog,
  DialogFooter,
  errorMessage,
  GOAL_END_AFTER_START,
  GOAL_NAME_REQUIRED,
  GOAL_TARGET_POSITIVE,
  TextAreaField,
  TextField,
  toast,
  type Goal,
} from '@app/shared';
import { StyledFormStack, StyledTwoColumns } from '../../../components/layout';
import type { GoalInput } from '../api/create-goal';
import { useCreateGoal } from '../api/create-goal';
import { useUpdateGoal } from '../api/update-goal';
import { toDateKey } from '../utils/goal-metrics';

export interface GoalFormValues {
  name: string;
  target: string;
  startDate: string;
  endDate: string;
  description: string;
}

type GoalErrors = Partial<Record<'name' | 'target' | 'endDate', string>>;

/** A non-numeric target falls back to 1 (spec section 5). */
export function parseTarget(value: string): number {
  const parsed = Number.parseInt(value, 10);
  return Number.isFinite(parsed) ? parsed : 1;
}

export function validateGoal(values: GoalFormValues): GoalErrors {
  const errors: GoalErrors = {};
  if (!values.name.trim()) errors.name = GOAL_NAME_REQUIRED;
  if (parseTarget(values.target) <= 0) errors.target = GOAL_TARGET_POSITIVE;
  if (!values.startDate || !values.endDate || values.endDate <= values.startDate) errors.endDate = GOAL_END_AFTER_START;
  return errors;
}

export function toGoalInput(values: GoalFormValues): GoalInput {
  return {
    name: values.name.trim(),
    target_count: parseTarget(values.target),
    start_date: values.startDate,
    end_date: values.endDate,
    description: values.description.trim() || null,
  };
}

export function GoalFormDialog({ tenantId, goal, onDismiss }: { tenantId: string; goal?: Goal; onDismiss: () => void }) {
  const today = toDateKey(new Date());
  const [values, setValues] = useState<GoalFormValues>({
    name: goal?.name ?? '',
    target: String(goal?.target_count ?? DEFAULT_GOAL_TARGET),
    startDate: goal?.start_date ?? today,
    endDate: goal?.end_date ?? today,
    description: goal?.description ?? '',
  });
  const [errors, setErrors] = useState<GoalErrors>({});
  const create = useCreateGoal(tenantId);
  const update = useUpdateGoal(tenantId);
  const busy = create.isPending || update.isPending;

  const set = (field: keyof GoalFormValues) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors({});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateGoal(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = toGoalInput(values);
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
    <Dialog isOpen onDismiss={onDismiss} title={goal ? 'Edit Goal' : 'Add New Goal'}>
      <StyledFormStack onSubmit={submit} noValidate>
        <TextField label="Name" autoFocus value={values.name} error={errors.name} onChange={set('name')} />
        <TextField
          label="Target count (calls per day)"
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          value={values.target}
          error={errors.target}
          onChange={set('target')}
        />
        <StyledTwoColumns>
          <TextField label="Start date" type="date" value={values.startDate} onChange={set('startDate')} />
          <TextField label="End date" type="date" value={values.endDate} error={errors.endDate} onChange={set('endDate')} />
        </StyledTwoColumns>
        <TextAreaField label="Description" rows={3} value={values.description} onChange={set('description')} />
        <DialogFooter>
          <Button $variant="secondary" onClick={onDismiss} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving...' : goal ? 'Save Changes' : 'Create Goal'}
          </Button>
        </DialogFooter>
      </StyledFormStack>
    </Dialog>
  );
}

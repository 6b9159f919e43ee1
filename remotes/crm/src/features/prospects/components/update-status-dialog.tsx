import { useState, type FormEvent } from 'react';
import { Button, errorMessage, TextAreaField, toast, useSession } from '@app/shared';
import { CardFacts } from '@app/shared/ui/card-layout';
import { CheckboxField } from '@app/shared/ui/checkbox-field';
import { Combobox, Dialog, DialogCancel, DialogFooter, formatDate } from '@app/shared/staff';
import { changeStatusRequestSchema, type Goal, maxLengthOf, presetCallGoal, type Prospect, type StatusOption } from '@app/shared/forms';

const NOTES_MAX = maxLengthOf(changeStatusRequestSchema.shape.notes);
import { StyledFormError, StyledFormStack } from '../../../components/layout';
import { PhoneNumber } from '../../../components/phone-number';
import { optionDescription, optionKey, optionName } from '../../../lib/options';
import { statusChangeMessage, useChangeProspectStatus } from '../api/change-prospect-status';
import { statusEmptyText } from '../utils/status-texts';

export const STATUS_REQUIRED = 'Please select a status to update the prospect.';

export const goalEmptyText = (query: string) => (query ? `No goal found matching "${query}"` : 'No goals available');

/** The picker's first choice: the call counts for its caller on no goal (sales-figures.md: a call needs none). */
export const NO_GOAL = { id: '', name: 'No goal', description: 'Counted as your call, on no goal' } as const;
type GoalChoice = Goal | typeof NO_GOAL;
const goalDescription = (goal: GoalChoice) =>
  !('target_count' in goal)
    ? goal.description
    : [goal.description, `${goal.target_count} calls/day, ${formatDate(goal.start_date)} – ${formatDate(goal.end_date)}`].filter(Boolean).join(' · ');

export interface UpdateStatusDialogProps {
  tenantId: string;
  prospect: Prospect;
  /** Active statuses in sort order. */
  statuses: readonly StatusOption[];
  /** Goals a call can count towards (the caller's own, of nobody, and of the users they see); their own is preselected. */
  goals: readonly Goal[];
  onDismiss: () => void;
}

export function UpdateStatusDialog({ tenantId, prospect, statuses, goals, onDismiss }: UpdateStatusDialogProps) {
  const [status, setStatus] = useState<StatusOption | null>(null);
  const [callMade, setCallMade] = useState(false);
  const { user } = useSession();
  // None (or No goal): the call counts for its caller on no goal.
  const [goal, setGoal] = useState<GoalChoice | null>(() => presetCallGoal(goals, user?._id) ?? NO_GOAL);
  const choices: readonly GoalChoice[] = [NO_GOAL, ...goals];
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const change = useChangeProspectStatus(tenantId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!status) {
      setError(STATUS_REQUIRED);
      return;
    }
    setError(null);
    change.mutate(
      {
        prospect_id: prospect.id,
        status_id: status.id,
        prospect_contacted: callMade,
        goal_id: callMade && goal && goal !== NO_GOAL ? goal.id : null,
        notes: notes.trim() || null,
      },
      {
        onSuccess: (answer) => {
          toast({ title: 'Status Updated', description: statusChangeMessage(answer), variant: 'success' });
          onDismiss();
        },
        onError: (failure) => {
          toast({
            title: 'Error Updating Status',
            description: errorMessage(failure, 'Failed to update prospect status. Please try again.'),
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <Dialog isOpen onDismiss={onDismiss} title="Update Prospect Status" dirty={notes.trim() !== ''}>
      <StyledFormStack onSubmit={submit} noValidate>
        <CardFacts>
          <dt>Prospect</dt>
          <dd>{prospect.name}</dd>
          <dt>Phone</dt>
          <dd>
            <PhoneNumber text={prospect.phone1} e164={prospect.phone1_e164} shown={prospect.phone1_shown} />
          </dd>
          <dt>Current status</dt>
          <dd>{prospect.status_name || 'No status'}</dd>
        </CardFacts>
        <Combobox
          label="Status"
          items={statuses}
          selectedItem={status}
          onSelect={(next) => {
            setStatus(next);
            if (next && error === STATUS_REQUIRED) setError(null);
          }}
          getName={optionName}
          getDescription={optionDescription}
          getKey={optionKey}
          placeholder="Search statuses..."
          emptyText={statusEmptyText}
        />
        <CheckboxField label="Call was made (increments today's calls)" checked={callMade} onChange={(event) => setCallMade(event.target.checked)} />
        {callMade && (
          <Combobox
            label="Goal (optional)"
            items={choices}
            selectedItem={goal}
            onSelect={setGoal}
            getName={optionName}
            getDescription={goalDescription}
            getKey={optionKey}
            placeholder="No goal (search goals...)"
            emptyText={goalEmptyText}
          />
        )}
        <TextAreaField label="Notes (optional)" rows={3} maxLength={NOTES_MAX} value={notes} onChange={(event) => setNotes(event.target.value)} />
        {error && <StyledFormError role="alert">{error}</StyledFormError>}
        <DialogFooter>
          <DialogCancel disabled={change.isPending} />
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Updating...' : 'Update Status'}
          </Button>
        </DialogFooter>
      </StyledFormStack>
    </Dialog>
  );
}

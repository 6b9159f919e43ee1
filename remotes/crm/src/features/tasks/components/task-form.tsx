import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, errorMessage, refusalDetail, SelectField, TextField, toast, useSession } from '@app/shared';
import { maxLengthOf, TASK_TYPE_LABELS, TASK_TYPES, taskCreateSchema, type TaskType } from '@app/shared/forms';
import { useOwners } from '../../../api/get-owners';
import { useCreateTask } from '../api/create-task';
import { todayInput } from '../hooks/task-dates';

const StyledForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  grid-template-columns: minmax(0, 1fr);
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  }
  > .wide { grid-column: 1 / -1; }
`;

const TITLE_MAX = maxLengthOf(taskCreateSchema.shape.title);

/** Add a task on a record: type, title, due date, an optional time, and its owner (the user by default). */
export function TaskForm({ tenantId, record, onDone }: { tenantId: string; record: { prospect_id: string } | { lead_id: string }; onDone: () => void }) {
  const { user } = useSession();
  const owners = useOwners(tenantId);
  const create = useCreateTask(tenantId);
  const [type, setType] = useState<TaskType>('call');
  const [title, setTitle] = useState('');
  const [dueDate, setDueDate] = useState(todayInput());
  const [dueTime, setDueTime] = useState('');
  const [ownerId, setOwnerId] = useState(user?._id ?? '');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = taskCreateSchema.safeParse({ ...record, type, title, due_date: dueDate, due_time: dueTime || null, owner_id: ownerId || null });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    create.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: 'Task added', variant: 'success' });
        onDone();
      },
      onError: (failure) => {
        const refused = refusalDetail(failure);
        if (refused) setError(refused);
        else toast({ title: 'Error', description: errorMessage(failure, 'The task was not saved.'), variant: 'destructive' });
      },
    });
  };

  const others = (owners.data?.owners ?? []).filter((owner) => owner.id !== user?._id);
  return (
    <StyledForm onSubmit={submit} aria-label="Add task">
      <SelectField label="Type" value={type} onChange={(event) => setType(event.target.value as TaskType)}>
        {TASK_TYPES.map((value) => (
          <option key={value} value={value}>
            {TASK_TYPE_LABELS[value]}
          </option>
        ))}
      </SelectField>
      <SelectField label="Owner" value={ownerId} onChange={(event) => setOwnerId(event.target.value)}>
        <option value={user?._id ?? ''}>Me</option>
        {others.map((owner) => (
          <option key={owner.id} value={owner.id}>
            {owner.full_name || owner.email}
          </option>
        ))}
      </SelectField>
      <div className="wide">
        <TextField label="Title" value={title} maxLength={TITLE_MAX} required error={error} onChange={(event) => setTitle(event.target.value)} />
      </div>
      <TextField label="Due date" type="date" value={dueDate} required onChange={(event) => setDueDate(event.target.value)} />
      <TextField label="Time (optional)" type="time" value={dueTime} onChange={(event) => setDueTime(event.target.value)} />
      <div className="wide">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Saving...' : 'Save task'}
        </Button>{' '}
        <Button type="button" $variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </StyledForm>
  );
}

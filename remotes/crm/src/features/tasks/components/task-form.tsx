import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, errorMessage, refusalDetail, SelectField, TextField, toast, useSession } from '@app/shared';
import { maxLengthOf, TASK_TYPE_LABELS, TASK_TYPES, taskCreateSchema, taskUpdateSchema, type Task, type TaskType } from '@app/shared/forms';
import { useOwners } from '../../../api/get-owners';
import { useServerDay } from '../../../api/get-server-day';
import { useCreateTask } from '../api/create-task';
import { useUpdateTask } from '../api/update-task';
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

export interface TaskFormProps {
  tenantId: string;
  record: { prospect_id: string } | { lead_id: string };
  /** The task to change; without it the form adds one. */
  task?: Task;
  onDone: () => void;
}

/** Add or change a task on a record: type, title, due date, an optional time, and its owner (the user by default). */
export function TaskForm({ tenantId, record, task, onDone }: TaskFormProps) {
  const { user } = useSession();
  const owners = useOwners(tenantId);
  const create = useCreateTask(tenantId);
  const update = useUpdateTask(tenantId);
  const [type, setType] = useState<TaskType>(task?.type ?? 'call');
  const [title, setTitle] = useState(task?.title ?? '');
  // A new task is due on the server's day (the CRM's today), not the browser's.
  const serverDay = useServerDay();
  const [dueDate, setDueDate] = useState(task?.due_date ?? serverDay ?? todayInput());
  const [dateChosen, setDateChosen] = useState(Boolean(task));
  useEffect(() => {
    if (!dateChosen && serverDay) setDueDate(serverDay);
  }, [dateChosen, serverDay]);
  const [dueTime, setDueTime] = useState(task?.due_time ?? '');
  const [ownerId, setOwnerId] = useState(task ? (task.owner_id ?? '') : (user?._id ?? ''));
  const [error, setError] = useState<string | undefined>();
  const saving = create.isPending || update.isPending;

  const callbacks = {
    onSuccess: () => {
      toast({ title: task ? 'Task saved' : 'Task added', variant: 'success' });
      onDone();
    },
    onError: (failure: unknown) => {
      const refused = refusalDetail(failure);
      if (refused) setError(refused);
      else toast({ title: 'Error', description: errorMessage(failure, 'The task was not saved.'), variant: 'destructive' });
    },
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const values = { type, title, due_date: dueDate, due_time: dueTime || null, owner_id: ownerId || undefined };
    if (task) {
      const parsed = taskUpdateSchema.safeParse(values);
      if (!parsed.success) return setError(parsed.error.issues[0]?.message);
      setError(undefined);
      return update.mutate({ id: task.id, body: parsed.data }, callbacks);
    }
    const parsed = taskCreateSchema.safeParse({ ...record, ...values });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    create.mutate(parsed.data, callbacks);
  };

  const others = (owners.data?.owners ?? []).filter((owner) => owner.id !== user?._id);
  // A task owned by someone the list does not offer (or by nobody) keeps that owner until changed.
  const keptOwner = task && ownerId !== (user?._id ?? '') && !others.some((owner) => owner.id === ownerId);
  return (
    <StyledForm onSubmit={submit} aria-label={task ? `Edit task: ${task.title}` : 'Add task'}>
      <SelectField label="Type" value={type} onChange={(event) => setType(event.target.value as TaskType)}>
        {TASK_TYPES.map((value) => (
          <option key={value} value={value}>
            {TASK_TYPE_LABELS[value]}
          </option>
        ))}
      </SelectField>
      <SelectField label="Owner" value={ownerId} onChange={(event) => setOwnerId(event.target.value)}>
        <option value={user?._id ?? ''}>Me</option>
        {keptOwner && <option value={ownerId}>{task.owner_name ?? 'No owner'}</option>}
        {others.map((owner) => (
          <option key={owner.id} value={owner.id}>
            {owner.full_name || owner.email}
          </option>
        ))}
      </SelectField>
      <div className="wide">
        <TextField label="Title" value={title} maxLength={TITLE_MAX} required error={error} onChange={(event) => setTitle(event.target.value)} />
      </div>
      <TextField
        label="Due date"
        type="date"
        value={dueDate}
        required
        onChange={(event) => {
          setDateChosen(true);
          setDueDate(event.target.value);
        }}
      />
      <TextField label="Time (optional)" type="time" value={dueTime} onChange={(event) => setDueTime(event.target.value)} />
      <div className="wide">
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : 'Save task'}
        </Button>{' '}
        <Button type="button" $variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </StyledForm>
  );
}

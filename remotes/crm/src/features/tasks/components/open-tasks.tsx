import { Suspense, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button, ErrorPanel, errorMessage, MutedText, toast, lazyPart } from '@app/shared';
import { TASK_TYPE_LABELS } from '@app/shared/contracts/constants';
import type { Task } from '@app/shared/forms';
import { useRecordTasks, type RecordKind } from '../api/get-record-tasks';
import { useDeleteTask } from '../api/delete-task';
import { useUpdateTask } from '../api/update-task';
import { dueLabel } from '../hooks/task-dates';
import { LoadingState } from '@app/shared/ui/loading-state';

// The form and the confirmation load when first opened: the record page shows its tasks without them (and without zod).
const TaskForm = lazyPart(() => import('./task-form'), 'TaskForm');
const ConfirmDialog = lazyPart(() => import('@app/shared/staff'), 'ConfirmDialog');

const StyledList = styled.ul`
  list-style: none;
  margin: ${({ theme }) => theme.space(3)} 0 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
`;

const StyledRow = styled.li`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  padding: ${({ theme }) => theme.space(3)};
  input { margin-top: ${({ theme }) => theme.space(1)}; width: 1.25rem; height: 1.25rem; flex-shrink: 0; }
  p { margin: 0; overflow-wrap: anywhere; }
  flex-wrap: wrap;
  /* The actions go under the task when a narrow screen would squeeze its text. */
  > div:first-of-type { flex: 1 1 12rem; min-width: 0; }
`;

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

/** One open task with the tick that marks it done, and any actions its list offers. */
export function TaskRow({ task, busy, onDone, actions }: { task: Task; busy: boolean; onDone: (task: Task) => void; actions?: ReactNode }) {
  const id = `task-${task.id}`;
  return (
    <StyledRow>
      <input id={id} type="checkbox" checked={task.done} disabled={busy} aria-label={`Mark done: ${task.title}`} onChange={() => onDone(task)} />
      <div>
        <p>
          <label htmlFor={id}>
            <strong>{TASK_TYPE_LABELS[task.type]}</strong>: {task.title}
          </label>
        </p>
        <MutedText>
          {dueLabel(task)}
          {task.owner_name ? ` · ${task.owner_name}` : ' · No owner'}
        </MutedText>
      </div>
      {actions && <StyledActions>{actions}</StyledActions>}
    </StyledRow>
  );
}

/** Marks a task done, saying so or why not. */
export function useCompleteTask(tenantId: string) {
  const update = useUpdateTask(tenantId);
  // The tasks on their way to done: each is done once, and the others stay free to be done meanwhile
  // (My day's x, pressed row after row, never waits for the answer about the one before).
  const [pending, setPending] = useState<ReadonlySet<string>>(() => new Set());
  // Also read before the next render: two presses on one row send one request.
  const inFlight = useRef(new Set<string>());
  const complete = (task: Task) => {
    if (inFlight.current.has(task.id)) return;
    inFlight.current.add(task.id);
    setPending((ids) => new Set(ids).add(task.id));
    update
      .mutateAsync({ id: task.id, body: { done: true } })
      .then(
        () => toast({ title: 'Task done', description: task.title, variant: 'success' }),
        (failure: unknown) => toast({ title: 'Error', description: errorMessage(failure, 'The task was not marked done.'), variant: 'destructive' }),
      )
      .finally(() => {
        inFlight.current.delete(task.id);
        setPending((ids) => {
          const next = new Set(ids);
          next.delete(task.id);
          return next;
        });
      });
  };
  return { complete, busy: update.isPending, pending };
}

/** A record's open tasks, with Add task, a tick to mark one done (done ones go to the timeline), Edit and Delete. */
export function OpenTasks({ tenantId, kind, id }: { tenantId: string; kind: RecordKind; id: string }) {
  const tasks = useRecordTasks(tenantId, kind, id);
  const { complete, busy } = useCompleteTask(tenantId);
  const remove = useDeleteTask(tenantId);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Task | null>(null);
  const [deleting, setDeleting] = useState<Task | null>(null);
  const record = kind === 'prospects' ? { prospect_id: id } : { lead_id: id };
  const confirmDelete = (task: Task) =>
    remove.mutate(task.id, {
      onSuccess: () => toast({ title: 'Task deleted', description: task.title, variant: 'success' }),
      onError: (failure) => toast({ title: 'Error', description: errorMessage(failure, 'The task was not deleted.'), variant: 'destructive' }),
      onSettled: () => setDeleting(null),
    });
  return (
    <div>
      {adding ? (
        <Suspense fallback={<LoadingState label="Loading..." />}>
          <TaskForm tenantId={tenantId} record={record} onDone={() => setAdding(false)} />
        </Suspense>
      ) : (
        <Button type="button" onClick={() => setAdding(true)} onPointerEnter={() => void TaskForm.preload()} onFocus={() => void TaskForm.preload()}>
          Add task
        </Button>
      )}
      {tasks.isPending && <MutedText>Loading tasks...</MutedText>}
      {tasks.isError && (
        <ErrorPanel title="Could not load the tasks" message={errorMessage(tasks.error, 'Please try again.')} onRetry={() => void tasks.refetch()} />
      )}
      {tasks.data && tasks.data.tasks.length === 0 && <MutedText>No open tasks.</MutedText>}
      {tasks.data && tasks.data.tasks.length > 0 && (
        <StyledList aria-label="Open tasks">
          {tasks.data.tasks.map((task) =>
            editing?.id === task.id ? (
              <li key={task.id}>
                <Suspense fallback={<LoadingState label="Loading..." />}>
                  <TaskForm tenantId={tenantId} record={record} task={task} onDone={() => setEditing(null)} />
                </Suspense>
              </li>
            ) : (
              <TaskRow
                key={task.id}
                task={task}
                busy={busy}
                onDone={complete}
                actions={
                  <>
                    <Button type="button" $variant="secondary" aria-label={`Edit task: ${task.title}`} onClick={() => setEditing(task)}>
                      Edit
                    </Button>
                    <Button type="button" $variant="secondary" aria-label={`Delete task: ${task.title}`} onClick={() => setDeleting(task)}>
                      Delete
                    </Button>
                  </>
                }
              />
            ),
          )}
        </StyledList>
      )}
      <Suspense fallback={null}>
        {deleting && (
          <ConfirmDialog
            isOpen
            title="Delete Task"
            message={`Delete the task "${deleting.title}"? A callback's call task ends its callback too.`}
            busy={remove.isPending}
            onConfirm={() => confirmDelete(deleting)}
            onCancel={() => setDeleting(null)}
          />
        )}
      </Suspense>
    </div>
  );
}

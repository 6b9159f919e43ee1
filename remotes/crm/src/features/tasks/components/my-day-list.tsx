import type { KeyboardEvent } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { Button, MutedText } from '@app/shared';
import { TASK_TYPE_LABELS } from '@app/shared/contracts/constants';
import type { Task } from '@app/shared/forms';
import { dueLabel } from '../hooks/task-dates';

/** The key that marks the focused row done; the page says so. */
export const DONE_KEY = 'x';
/** The attributes that mark My day's page and each of its rows, over all its groups. */
export const MY_DAY_PAGE = 'data-my-day';
const MY_DAY_ROW = 'data-my-day-row';

const StyledSection = styled.section`
  & + & { margin-top: ${({ theme }) => theme.space(6)}; }
  h2 { font-size: 1.1rem; margin: 0 0 ${({ theme }) => theme.space(3)}; }
  ul { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: ${({ theme }) => theme.space(2)}; }
`;

const StyledRow = styled.li<{ $late: boolean }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme, $late }) => ($late ? theme.colors.warning : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md};
  padding: ${({ theme }) => theme.space(3)};
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.primary}; outline-offset: 2px; }
  > div { flex: 1 1 14rem; min-width: 0; }
  p { margin: 0; overflow-wrap: anywhere; }
`;

const recordPath = (task: Task) => (task.lead_id ? `/crm/leads/${task.lead_id}` : `/crm/prospects/${task.prospect_id}`);

/** One group of My day: each row is focusable, done with its button or the key. */
export function MyDayList({
  id,
  title,
  empty,
  tasks,
  late = false,
  pending,
  onDone,
}: {
  id: string;
  title: string;
  empty: string;
  tasks: Task[];
  late?: boolean;
  /** The tasks on their way to done: their rows wait, the others do not. */
  pending: ReadonlySet<string>;
  onDone: (task: Task) => void;
}) {
  // Focus goes to the next row, in this group or the groups after it (else the row before, else the
  // heading), so a keyboard user keeps their place as the row leaves and the next x marks the next task.
  const done = (task: Task, inside: HTMLElement) => {
    const row = inside.closest('li');
    const page = row?.closest(`[${MY_DAY_PAGE}]`) ?? row?.ownerDocument;
    const rows = page ? [...page.querySelectorAll<HTMLElement>(`[${MY_DAY_ROW}]`)] : [];
    const at = row ? rows.indexOf(row) : -1;
    const next = (at >= 0 ? (rows[at + 1] ?? rows[at - 1]) : undefined) ?? row?.closest('section')?.querySelector('h2');
    if (next instanceof HTMLElement) next.focus();
    onDone(task);
  };
  const onKeyDown = (task: Task) => (event: KeyboardEvent<HTMLLIElement>) => {
    // Anywhere in the row (itself, its link, its button), but never while typing in a field.
    if (event.key.toLowerCase() !== DONE_KEY || pending.has(task.id) || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target instanceof HTMLElement && event.target.closest('input, textarea, select, [contenteditable="true"]')) return;
    event.preventDefault();
    done(task, event.currentTarget);
  };
  return (
    <StyledSection aria-labelledby={id}>
      <h2 id={id} tabIndex={-1}>
        {title} ({tasks.length})
      </h2>
      {tasks.length === 0 ? (
        <MutedText>{empty}</MutedText>
      ) : (
        <ul>
          {tasks.map((task) => (
            <StyledRow
              key={task.id}
              $late={late}
              tabIndex={0}
              {...{ [MY_DAY_ROW]: '' }}
              aria-label={`${TASK_TYPE_LABELS[task.type]}: ${task.title}, ${dueLabel(task)}`}
              onKeyDown={onKeyDown(task)}
            >
              <div>
                <p>
                  <strong>{TASK_TYPE_LABELS[task.type]}</strong>: {task.title}
                </p>
                <MutedText>
                  {dueLabel(task)} · <Link to={recordPath(task)}>{task.record_name || 'Open record'}</Link>
                </MutedText>
              </div>
              <Button
                type="button"
                $variant="secondary"
                disabled={pending.has(task.id)}
                aria-label={`Done: ${task.title}`}
                onClick={(event) => done(task, event.currentTarget)}
              >
                Done
              </Button>
            </StyledRow>
          ))}
        </ul>
      )}
    </StyledSection>
  );
}

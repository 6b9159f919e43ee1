import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button, SelectField, TextAreaField, useSession, wrapAnywhere } from '@app/shared';
import { LoadingState } from '@app/shared/ui/loading-state';
import {
  callOutcomeRequestSchema,
  fieldMessage,
  maxLengthOf,
  NO_CALLBACK_STATUS,
  presetCallGoal,
  type CallQueueFilter,
  type Goal,
  type StatusOption,
} from '@app/shared/forms';
import { useCallbacksDue } from '../api/get-callbacks';
import { useCallQueue } from '../hooks/use-call-queue';
import { useQueueKeys } from '../hooks/use-queue-keys';
import { statusForKey } from '../utils/session-summary';
import { CallCard } from './call-card';
import { CallbackPicker } from './callback-picker';
import { OutcomeKeys } from './outcome-keys';
import { SessionSummaryPanel } from './session-summary-panel';

const StyledScreen = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(4)};
`;

const StyledBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: end;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
`;

// On a laptop the keys sit beside the card, in view at once, rather than below a card taller than the screen.
const StyledWork = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(4)};
  @media (min-width: 1024px) {
    grid-template-columns: minmax(0, 1fr) minmax(16rem, 22rem);
    align-items: start;
  }
`;

const StyledControls = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  @media (min-width: 1024px) {
    position: sticky;
    top: calc(${({ theme }) => theme.layout.headerHeight} + ${({ theme }) => theme.space(4)});
  }
`;

// It names the prospect, whose name may be one long word.
const StyledLive = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  ${wrapAnywhere}
`;

const StyledAlert = styled.p`
  ${wrapAnywhere}
`;

export interface CallQueueScreenProps {
  tenantId: string;
  statuses: readonly StatusOption[];
  /** Goals a call can count towards (the caller's own, of nobody, and of the users they see); their own is preselected. */
  goals: readonly Goal[];
  filter: Omit<CallQueueFilter, 'exclude_ids'>;
  /** What the card offers besides the outcomes (Email), for the prospect on it. */
  cardActions?: (prospect: { id: string; name: string }) => ReactNode;
}

const NOTE_NAME = 'call-note';
/** The note takes what an outcome's contract takes. */
const NOTE_MAX = maxLengthOf(callOutcomeRequestSchema.shape.note);
const focusNote = () => document.querySelector<HTMLTextAreaElement>(`textarea[name="${NOTE_NAME}"]`)?.focus();

/** One prospect at a time, worked with the keys 1 to 9, C, S and N (or their buttons). */
export function CallQueueScreen({ tenantId, statuses, goals, filter, cardActions }: CallQueueScreenProps) {
  const { user } = useSession();
  // null: the calls count for the caller on no goal.
  const [goalId, setGoalId] = useState<string | null>(() => presetCallGoal(goals, user?._id)?.id ?? null);
  const [note, setNote] = useState('');
  const [picking, setPicking] = useState(false);
  const [left, setLeft] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const callbacks = useCallbacksDue(tenantId);
  const queue = useCallQueue({ tenantId, running: left === null, goalId, filter, callbacksDue: callbacks.data ?? [] });
  const active = Boolean(queue.current) && left === null && !picking;

  const run = useCallback(
    (work: () => Promise<unknown>) => {
      setFailure(null);
      work()
        .then(() => setNote(''))
        .catch((error: unknown) => setFailure(error instanceof Error ? error.message : 'Something went wrong. Please try again.'));
    },
    [setNote],
  );
  const pickStatus = useCallback((status: StatusOption) => run(() => queue.record({ statusId: status.id, note })), [run, queue, note]);
  // A callback records the tenant's callback status; without one the server would refuse it, so the queue says so at once.
  const callbackStatus = statuses.find((status) => status.is_callback);
  const scheduleCallback = useCallback(() => {
    if (callbackStatus) setPicking(true);
    else setFailure(fieldMessage('status_id', NO_CALLBACK_STATUS));
  }, [callbackStatus]);
  const onKey = useCallback(
    (key: string) => {
      if (queue.busy) return;
      const status = statusForKey(statuses, key);
      if (status) pickStatus(status);
      else if (key === 'C') scheduleCallback();
      else if (key === 'S') run(queue.skip);
      else if (key === 'N') focusNote();
    },
    [queue, statuses, pickStatus, run, scheduleCallback],
  );
  useQueueKeys(active, onKey);
  // Opening the queue moves focus to the first prospect's name, so a screen reader starts there
  // (the button that opened it is gone); later prospects are announced by the live region instead.
  const focusedFirst = useRef(false);
  const hasCard = Boolean(queue.current);
  useEffect(() => {
    if (!hasCard || focusedFirst.current) return;
    focusedFirst.current = true;
    document.getElementById('call-card-name')?.focus();
  }, [hasCard]);

  const leave = () => {
    setLeft(Date.now());
    void queue.leave();
  };

  if (left !== null || queue.finished) return <SessionSummaryPanel summary={queue.summary} endedAt={left ?? Date.now()} emptied={left === null} />;

  return (
    <StyledScreen>
      <StyledBar>
        <SelectField
          label="Goal (optional)"
          value={goalId ?? ''}
          title={goals.find((goal) => goal.id === goalId)?.name ?? 'No goal'}
          onChange={(event) => setGoalId(event.target.value || null)}
        >
          <option value="">No goal</option>
          {goals.map((goal) => (
            <option key={goal.id} value={goal.id}>
              {goal.name}
            </option>
          ))}
        </SelectField>
        <Button $variant="secondary" onClick={leave}>
          Leave Queue
        </Button>
      </StyledBar>
      <StyledLive role="status" aria-live="polite">
        {queue.current ? `Now calling ${queue.current.prospect.name}.` : ''}
      </StyledLive>
      {(failure || queue.error) && <StyledAlert role="alert">{failure ?? queue.error}</StyledAlert>}
      <StyledWork>
        {queue.current ? (
          <CallCard card={queue.current} callsToday={queue.callsToday} actions={cardActions?.(queue.current.prospect)} />
        ) : (
          <LoadingState label="Loading the next prospect..." />
        )}
        <StyledControls>
          <OutcomeKeys
            statuses={statuses}
            disabled={!queue.current || queue.busy}
            onStatus={pickStatus}
            callbackStatus={callbackStatus ?? null}
            onCallback={scheduleCallback}
            onSkip={() => run(queue.skip)}
            onNote={() => focusNote()}
          />
          <TextAreaField
            name={NOTE_NAME}
            label="Note"
            hint="Saved with the next outcome. Escape returns to the keys."
            value={note}
            maxLength={NOTE_MAX}
            onChange={(event) => setNote(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') event.currentTarget.blur();
            }}
          />
        </StyledControls>
      </StyledWork>
      {picking && queue.current && callbackStatus && (
        <CallbackPicker
          prospectName={queue.current.prospect.name}
          statusName={callbackStatus.name}
          onDismiss={() => setPicking(false)}
          onPick={(at) => {
            setPicking(false);
            run(() => queue.record({ callbackAt: at.toISOString(), note }));
          }}
        />
      )}
    </StyledScreen>
  );
}

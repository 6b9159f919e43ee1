import { useCallback, useEffect, useRef, useState } from 'react';
import type { CallCard, Callback, CallOutcomeResponse, CallQueueFilter } from '@app/shared/forms';
import { claimNext } from '../api/claim-next';
import { useRecordOutcome } from '../api/record-outcome';
import { renewClaims } from '../api/renew-claims';
import { skipProspect } from '../api/skip-prospect';
import { addOutcome, addSkip, newSummary, type SessionSummary } from '../utils/session-summary';

/** Cards claimed ahead of the one on screen, so the next appears at once. */
const AHEAD = 2;
/** Well inside the server's lease. */
const RENEW_EVERY_MS = 2 * 60 * 1000;

export interface QueueOptions {
  tenantId: string;
  /** Whether the session claims prospects: false once the caller has left. */
  running: boolean;
  /** The goal the calls count on; null: none. */
  goalId: string | null;
  filter: Omit<CallQueueFilter, 'exclude_ids'>;
  /** The caller's open callbacks due today (the dashboard's list). */
  callbacksDue: readonly Callback[];
}

/**
 * One caller's queue session: the card on screen, a few claimed ahead, and what was done. A due
 * callback goes before the cards claimed ahead: from the hand if it is there, else claimed now.
 */
export function useCallQueue({ tenantId, running, goalId, filter, callbacksDue }: QueueOptions) {
  const [current, setCurrent] = useState<CallCard | null>(null);
  const [finished, setFinished] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [summary, setSummary] = useState<SessionSummary>(() => newSummary(Date.now()));
  // The day's calls on the goal as last known: cards claimed ahead carry the count of their claim.
  const [progress, setProgress] = useState<{ goalId: string; calls: number } | null>(null);
  const goalOf = (card: CallCard) => card.goal?.id ?? null;
  const ahead = useRef<CallCard[]>([]);
  // Worked or skipped in this session: one pass over the list, each prospect once.
  const setAside = useRef<string[]>([]);
  const held = useRef<Set<string>>(new Set());
  const claiming = useRef<Promise<CallCard | null> | null>(null);
  const outcome = useRecordOutcome(tenantId);
  const filterKey = JSON.stringify(filter);

  const claim = useCallback(async (): Promise<CallCard | null> => {
    if (!running) return null;
    // One claim at a time: each names what the session already holds.
    while (claiming.current) await claiming.current;
    const request = claimNext({
      tenant_id: tenantId,
      goal_id: goalId,
      filter: { ...JSON.parse(filterKey), exclude_ids: [...held.current, ...setAside.current] },
    });
    claiming.current = request;
    try {
      const card = await request;
      if (card) held.current.add(card.prospect.id);
      return card;
    } finally {
      claiming.current = null;
    }
  }, [tenantId, running, goalId, filterKey]);

  const refill = useCallback(async () => {
    while (ahead.current.length < AHEAD) {
      const card = await claim();
      if (!card) return;
      ahead.current.push(card);
    }
  }, [claim]);

  /** Gives prospects claimed for this session back to the other callers. */
  const handBack = useCallback((cards: readonly CallCard[]) => {
    for (const card of cards) {
      held.current.delete(card.prospect.id);
      void skipProspect(card.prospect.id).catch(() => undefined);
    }
  }, []);

  const advance = useCallback(async () => {
    try {
      // A card claimed ahead for another goal (the caller switched goals) names that goal and its count.
      handBack(ahead.current.filter((card) => goalOf(card) !== goalId));
      ahead.current = ahead.current.filter((card) => goalOf(card) === goalId);
      const now = Date.now();
      const due = callbacksDue.filter((callback) => new Date(callback.due_at).getTime() <= now).map((callback) => callback.prospect_id);
      const inHand = ahead.current.findIndex((card) => due.includes(card.prospect.id));
      let next: CallCard | null | undefined;
      if (inHand >= 0) next = ahead.current.splice(inHand, 1)[0];
      else if (due.some((id) => !held.current.has(id))) next = await claim();
      else next = ahead.current.shift() ?? (await claim());
      setCurrent(next ?? null);
      if (next?.goal) {
        const { id, calls_today } = next.goal;
        setProgress((known) => ({ goalId: id, calls: known?.goalId === id ? Math.max(known.calls, calls_today) : calls_today }));
      }
      setFinished(!next);
      void refill();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The queue could not load the next prospect.');
    }
  }, [callbacksDue, claim, refill, goalId, handBack]);

  useEffect(() => {
    if (!running) return;
    // Cards claimed ahead under another goal or filter are not this queue's: back to the other callers.
    handBack(ahead.current);
    ahead.current = [];
    void advance();
    // Started once per goal and filter; later cards come from the caller's keys.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [goalId, filterKey]);

  useEffect(() => {
    const timer = window.setInterval(() => void renewClaims(tenantId).catch(() => undefined), RENEW_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [tenantId]);

  const letGo = (prospectId: string) => held.current.delete(prospectId);

  const record = useCallback(
    async (input: { statusId?: string; note?: string; callbackAt?: string }): Promise<CallOutcomeResponse | null> => {
      if (!current || !running || outcome.isPending) return null;
      const answer = await outcome.mutateAsync({
        prospectId: current.prospect.id,
        goal_id: goalId,
        status_id: input.statusId,
        note: input.note || undefined,
        callback_at: input.callbackAt,
      });
      letGo(current.prospect.id);
      if (answer.calls_incremented) setProgress((known) => known && { ...known, calls: known.calls + 1 });
      // A callback brings the prospect back in this session when it is due.
      if (!answer.callback) setAside.current.push(current.prospect.id);
      setSummary((before) => addOutcome(before, { statusName: answer.status_name, leadCreated: answer.lead_created, callback: Boolean(answer.callback) }));
      await advance();
      return answer;
    },
    [current, running, goalId, outcome, advance],
  );

  const skip = useCallback(async () => {
    if (!current) return;
    setAside.current.push(current.prospect.id);
    letGo(current.prospect.id);
    await skipProspect(current.prospect.id);
    setSummary(addSkip);
    await advance();
  }, [current, advance]);

  /** Leaving gives back every prospect still held. */
  const leave = useCallback(async () => {
    const cards = [...(current ? [current] : []), ...ahead.current];
    ahead.current = [];
    setCurrent(null);
    setFinished(true);
    await Promise.all(cards.map((card) => skipProspect(card.prospect.id).catch(() => undefined)));
    held.current.clear();
  }, [current]);

  const callsToday = current?.goal && progress?.goalId === current.goal.id ? progress.calls : (current?.goal?.calls_today ?? 0);
  return { current, callsToday, finished, error, summary, record, skip, leave, busy: outcome.isPending };
}

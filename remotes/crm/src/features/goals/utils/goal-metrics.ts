import type { Goal } from '@app/shared/forms';

/** Goal progress, average per day, days left and day colours, as pure functions of a goal and the current moment. */

export type GoalStatus = 'upcoming' | 'active' | 'completed';
/** met: the day reached the target (green); partial: some calls (yellow); none: no calls (red). */
export type DayTone = 'met' | 'partial' | 'none';

const DAY_MS = 24 * 60 * 60 * 1000;
type GoalDates = Pick<Goal, 'start_date' | 'end_date'>;
type GoalCalls = GoalDates & Pick<Goal, 'target_count' | 'daily_calls'>;

const pad = (value: number) => String(value).padStart(2, '0');

/** The local calendar day of a moment, as YYYY-MM-DD. */
export function toDateKey(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A date column stays as written; a timestamp becomes the local day it fell on. */
export function dateKeyOf(value: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value.slice(0, 10) : toDateKey(date);
}

/** Day keys compared as UTC midnights, so a daylight-saving change never adds or loses a day. */
function dayNumber(key: string): number {
  const [year, month, day] = key.split('-').map(Number);
  return Math.round(Date.UTC(year!, month! - 1, day!) / DAY_MS);
}

function keyOfDayNumber(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Days from one day to another, counting both ends; 0 when the range is empty. */
export function daysInclusive(fromKey: string, toKey: string): number {
  return Math.max(0, dayNumber(toKey) - dayNumber(fromKey) + 1);
}

export function goalStatus(goal: Pick<Goal, 'start_date' | 'end_date'>, now: Date): GoalStatus {
  const today = toDateKey(now);
  if (today < goal.start_date) return 'upcoming';
  if (today > goal.end_date) return 'completed';
  return 'active';
}

/**
 * Counting starts at the start date, whenever the goal was created: its active days are its start
 * date to today (or its end), exactly the days the Calls report sets its target on (sales-figures.md).
 */
export function countingStart(goal: GoalDates): string {
  return goal.start_date;
}

/** Counting stops today, or at the end date once that has passed. */
function countingEnd(goal: GoalDates, now: Date): string {
  const today = toDateKey(now);
  return today < goal.end_date ? today : goal.end_date;
}

export function daysElapsed(goal: GoalDates, now: Date): number {
  return daysInclusive(countingStart(goal), countingEnd(goal, now));
}

export function totalCalls(goal: Pick<Goal, 'daily_calls'>): number {
  return goal.daily_calls.reduce((sum, day) => sum + day.calls_made, 0);
}

/** Calls made ÷ (days elapsed × daily target), as a whole percentage capped at 100. */
export function goalProgress(goal: GoalCalls, now: Date): number {
  const expected = daysElapsed(goal, now) * goal.target_count;
  if (expected <= 0) return 0;
  return Math.min(100, Math.round((totalCalls(goal) / expected) * 100));
}

/** Average calls per elapsed day, to one decimal. */
export function averageCallsPerDay(goal: GoalCalls, now: Date): number {
  const days = daysElapsed(goal, now);
  if (days === 0) return 0;
  return Math.round((totalCalls(goal) / days) * 10) / 10;
}

/** Whole days from now until the end date begins, rounded up; never negative. */
export function daysRemaining(goal: Pick<Goal, 'end_date'>, now: Date): number {
  const [year, month, day] = goal.end_date.split('-').map(Number);
  const end = new Date(year!, month! - 1, day!).getTime();
  return Math.max(0, Math.ceil((end - now.getTime()) / DAY_MS));
}

export function dayTone(callsMade: number, target: number): DayTone {
  if (callsMade >= target && callsMade > 0) return 'met';
  if (callsMade > 0) return 'partial';
  return 'none';
}

export interface DailyRow {
  date: string;
  calls_made: number;
  tone: DayTone;
}

/** The most days a card lists, so a year-long goal stays readable. */
export const MAX_DAILY_ROWS = 366;

/**
 * One row per counted day, newest first, with days without calls filled in as 0 (red) so a missed
 * day shows; days the server logged outside that range are kept too.
 */
export function dailyRows(goal: GoalCalls, now: Date): DailyRow[] {
  const calls = new Map<string, number>();
  for (const day of goal.daily_calls) {
    const key = dateKeyOf(day.date);
    calls.set(key, (calls.get(key) ?? 0) + day.calls_made);
  }
  const first = dayNumber(countingStart(goal));
  const last = dayNumber(countingEnd(goal, now));
  const keys = new Set(calls.keys());
  for (let day = last; day >= first && last - day < MAX_DAILY_ROWS; day -= 1) keys.add(keyOfDayNumber(day));
  return [...keys]
    .sort((a, b) => (a < b ? 1 : -1))
    .slice(0, MAX_DAILY_ROWS)
    .map((date) => {
      const made = calls.get(date) ?? 0;
      return { date, calls_made: made, tone: dayTone(made, goal.target_count) };
    });
}

import { goal } from '../../../../test/fixtures';
import { averageCallsPerDay, countingStart, dailyRows, daysElapsed, daysRemaining, dayTone, goalProgress, goalStatus, totalCalls } from '../goal-metrics';

// 10 March 2026, 15:00 local time: mid-afternoon, so "rounded up" has something to round.
const now = new Date(2026, 2, 10, 15, 0, 0);

// Local noon, so the creation day is the 6th in every time zone the tests may run in.
const createdSixth = new Date(2026, 2, 6, 12).toISOString();

const calls = (...days: [string, number][]) => days.map(([date, calls_made]) => ({ date, calls_made }));

describe('goalStatus', () => {
  it('is upcoming before the start date, active from start to end inclusive, completed after', () => {
    expect(goalStatus(goal(1, { start_date: '2026-03-11', end_date: '2026-03-20' }), now)).toBe('upcoming');
    expect(goalStatus(goal(1, { start_date: '2026-03-10', end_date: '2026-03-20' }), now)).toBe('active');
    expect(goalStatus(goal(1, { start_date: '2026-03-01', end_date: '2026-03-10' }), now)).toBe('active');
    expect(goalStatus(goal(1, { start_date: '2026-03-01', end_date: '2026-03-09' }), now)).toBe('completed');
  });
});

describe('days elapsed', () => {
  it('counts inclusively from the start date, whenever the goal was created, as the Calls report does', () => {
    expect(daysElapsed(goal(1, { start_date: '2026-03-01', created_at: '2026-02-20T10:00:00.000Z' }), now)).toBe(10);
    const lateCreated = goal(1, { start_date: '2026-03-01', created_at: createdSixth });
    expect(countingStart(lateCreated)).toBe('2026-03-01');
    expect(daysElapsed(lateCreated, now)).toBe(10);
  });

  it('stops counting at the end date and is 0 before the start', () => {
    expect(daysElapsed(goal(1, { start_date: '2026-03-01', end_date: '2026-03-05' }), now)).toBe(5);
    expect(daysElapsed(goal(1, { start_date: '2026-03-12', end_date: '2026-03-20' }), now)).toBe(0);
  });
});

describe('goalProgress', () => {
  it('is calls made over days elapsed times the daily target, as a whole percentage', () => {
    // 10 days x 10 calls expected; 45 made.
    expect(goalProgress(goal(1, { daily_calls: calls(['2026-03-02', 20], ['2026-03-09', 25]) }), now)).toBe(45);
  });

  it('rounds to the nearest whole percent', () => {
    // 33 / (7 days x 10) = 47.1%.
    const g = goal(1, { start_date: '2026-03-04', daily_calls: calls(['2026-03-04', 33]) });
    expect(goalProgress(g, now)).toBe(47);
    // 2 / (3 days x 1) = 66.7%.
    expect(goalProgress(goal(1, { start_date: '2026-03-08', target_count: 1, daily_calls: calls(['2026-03-08', 2]) }), now)).toBe(67);
  });

  it('is capped at 100%', () => {
    expect(goalProgress(goal(1, { daily_calls: calls(['2026-03-02', 500]) }), now)).toBe(100);
  });

  it('counts from the start date when the goal was created after it: the days the Calls report sets its target on', () => {
    // 10 days (1st to 10th) x 10 = 100 expected; 45 made. Counting from the creation day (the 6th) would say 90%.
    const g = goal(1, { created_at: createdSixth, daily_calls: calls(['2026-03-07', 45]) });
    expect(goalProgress(g, now)).toBe(45);
    expect(averageCallsPerDay(g, now)).toBe(4.5);
    // The goal: 4 a day from the 7th, created on the 10th with one call: 1 of 4 x 4 days, not 1 of 4 x 1.
    const reported = goal(2, { start_date: '2026-03-07', target_count: 4, created_at: now.toISOString(), daily_calls: calls(['2026-03-10', 1]) });
    expect([goalProgress(reported, now), averageCallsPerDay(reported, now)]).toEqual([6, 0.3]);
  });

  it('is 0 for a goal that has not started', () => {
    expect(goalProgress(goal(1, { start_date: '2026-03-12', end_date: '2026-03-20' }), now)).toBe(0);
  });
});

describe('averageCallsPerDay', () => {
  it('divides calls made by days elapsed, to one decimal', () => {
    expect(averageCallsPerDay(goal(1, { daily_calls: calls(['2026-03-02', 45]) }), now)).toBe(4.5);
    expect(averageCallsPerDay(goal(1, { start_date: '2026-03-04', daily_calls: calls(['2026-03-04', 33]) }), now)).toBe(4.7);
    expect(averageCallsPerDay(goal(1, { start_date: '2026-03-12', end_date: '2026-03-20' }), now)).toBe(0);
  });

  it('sums the calls of every logged day', () => {
    expect(totalCalls(goal(1, { daily_calls: calls(['2026-03-02', 4], ['2026-03-03', 6]) }))).toBe(10);
  });
});

describe('daysRemaining', () => {
  it('rounds the time until the end date up to whole days', () => {
    // From 10 March 15:00 to 31 March 00:00 is 20.4 days.
    expect(daysRemaining(goal(1, { end_date: '2026-03-31' }), now)).toBe(21);
    expect(daysRemaining(goal(1, { end_date: '2026-03-11' }), now)).toBe(1);
  });

  it('is never negative', () => {
    expect(daysRemaining(goal(1, { end_date: '2026-03-10' }), now)).toBe(0);
    expect(daysRemaining(goal(1, { end_date: '2026-03-01' }), now)).toBe(0);
  });
});

describe('daily rows', () => {
  it('colours a day green when it met the target, yellow above 0, red at 0', () => {
    expect(dayTone(10, 10)).toBe('met');
    expect(dayTone(14, 10)).toBe('met');
    expect(dayTone(3, 10)).toBe('partial');
    expect(dayTone(0, 10)).toBe('none');
  });

  it('lists every counted day newest first, filling days without calls with 0', () => {
    const g = goal(1, { start_date: '2026-03-08', daily_calls: calls(['2026-03-08', 12], ['2026-03-10', 4]) });
    expect(dailyRows(g, now)).toEqual([
      { date: '2026-03-10', calls_made: 4, tone: 'partial' },
      { date: '2026-03-09', calls_made: 0, tone: 'none' },
      { date: '2026-03-08', calls_made: 12, tone: 'met' },
    ]);
  });

  it('has no rows before the goal starts', () => {
    expect(dailyRows(goal(1, { start_date: '2026-03-12', end_date: '2026-03-20' }), now)).toEqual([]);
  });
});

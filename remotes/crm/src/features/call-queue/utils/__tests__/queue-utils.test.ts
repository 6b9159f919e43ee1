import { fromLocalInput, quickPicks, toLocalInput } from '../callback-times';
import { filterFromSearch, queueSearch } from '../queue-filter';
import { addOutcome, addSkip, formatDuration, newSummary, statusForKey } from '../session-summary';

describe('call queue utils', () => {
  it('counts calls, leads and outcomes by status in the order first used', () => {
    let summary = newSummary(0);
    summary = addOutcome(summary, { statusName: 'No Answer', leadCreated: false, callback: false });
    summary = addOutcome(summary, { statusName: 'Interested', leadCreated: true, callback: false });
    summary = addOutcome(summary, { statusName: 'No Answer', leadCreated: false, callback: true });
    summary = addSkip(summary);
    expect(summary).toMatchObject({ calls: 3, leads: 1, callbacks: 1, skipped: 1 });
    expect(summary.byStatus).toEqual([
      { name: 'No Answer', count: 2 },
      { name: 'Interested', count: 1 },
    ]);
    expect(formatDuration(725_000)).toBe('12 min 5 s');
    expect(formatDuration(4_000)).toBe('4 s');
  });

  it('maps keys 1 to 9 to the statuses in their order, and nothing else', () => {
    const statuses = ['New', 'No Answer', 'Call Back'];
    expect(statusForKey(statuses, '2')).toBe('No Answer');
    expect(statusForKey(statuses, '4')).toBeUndefined();
    expect(statusForKey(statuses, '0')).toBeUndefined();
    expect(statusForKey(statuses, 'C')).toBeUndefined();
  });

  it('offers in 1 hour, tomorrow at 9:00 and next week, and reads back what the picker shows', () => {
    const now = new Date(2026, 10, 23, 14, 30);
    const [hour, tomorrow, week] = quickPicks(now);
    expect(hour.at.getTime() - now.getTime()).toBe(60 * 60 * 1000);
    expect([tomorrow.at.getDate(), tomorrow.at.getHours(), tomorrow.at.getMinutes()]).toEqual([24, 9, 0]);
    expect(week.at.getDate()).toBe(30);
    expect(toLocalInput(now)).toBe('2026-11-23T14:30');
    expect(fromLocalInput('2026-11-23T14:30')!.getTime()).toBe(now.getTime());
    expect(fromLocalInput('tomorrow')).toBeNull();
  });

  it("keeps the list's filter in the queue's address and back", () => {
    const filter = { q: 'bakery & co', status_id: '6c2b8d1e-9f4a-4e7b-8a61-2d3c4b5a6e7f' };
    const search = queueSearch(filter);
    expect(filterFromSearch(new URLSearchParams(search))).toEqual(filter);
    expect(queueSearch({})).toBe('');
  });
});

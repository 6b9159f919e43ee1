import { boardAnnouncements } from '../board-announcements';

const stages = new Map([
  ['s1', 'New'],
  ['s2', 'Contacted'],
]);
const lead = { id: 'l1', data: { current: { lead: { name: 'Acme' } } } };
const over = (id: string) => ({ id, data: { current: {} } });
// Only what the announcements read of dnd-kit's events.
type Event = Parameters<ReturnType<typeof boardAnnouncements>['onDragEnd']>[0];
const event = (target: ReturnType<typeof over> | null) => ({ active: lead, over: target }) as unknown as Event;

test('a keyboard move is told in the stages’ names, from pick-up to drop', () => {
  const say = boardAnnouncements(stages, () => 's1');
  expect(say.onDragStart(event(null))).toBe('Picked up lead Acme in stage New.');
  // Being over its own stage at pick-up does not talk over the pick-up.
  expect(say.onDragOver(event(over('s1')))).toBeUndefined();
  expect(say.onDragOver(event(over('s2')))).toBe('Lead Acme is over stage Contacted.');
  expect(say.onDragOver(event(over('s1')))).toBe('Lead Acme is over stage New.');
  expect(say.onDragOver(event(null))).toBe('Lead Acme is no longer over a stage.');
  expect(say.onDragEnd(event(over('s2')))).toBe('Lead Acme was dropped into stage Contacted.');
  expect(say.onDragEnd(event(null))).toBe('Lead Acme was dropped back in stage New.');
  expect(say.onDragCancel(event(null))).toBe('Moving lead Acme was cancelled. It stays in stage New.');
});

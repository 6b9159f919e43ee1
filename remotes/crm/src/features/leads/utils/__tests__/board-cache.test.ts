import type { Lead, LeadListResponse } from '@app/shared/forms';
import type { BoardColumnData } from '../../api/get-lead-board-column';
import { columnLeads, columnStageOf, withLeadOnTop, withoutLead } from '../board-cache';

const lead = (id: string, name = id) => ({ id, name }) as Lead;
const page = (leads: Lead[], total: number): LeadListResponse => ({ leads, pagination: { total, page: 1, limit: 50 } });
const column = (...pages: LeadListResponse[]): BoardColumnData => ({ pages, pageParams: pages.map(() => null) });

test('a card leaves its column from whichever page holds it, and the count drops by one', () => {
  const data = column(page([lead('a'), lead('b')], 3), page([lead('c')], 3));
  const after = withoutLead(data, 'c');
  expect(columnLeads(after).map((l) => l.id)).toEqual(['a', 'b']);
  expect(after.pages[0]!.pagination.total).toBe(2);
  expect(withoutLead(data, 'zzz')).toBe(data);
});

test('a card lands on top of its new column once, and the count grows by one', () => {
  const data = column(page([lead('a')], 1));
  const after = withLeadOnTop(data, lead('x', 'X'));
  expect(columnLeads(after).map((l) => l.id)).toEqual(['x', 'a']);
  expect(after.pages[0]!.pagination.total).toBe(2);
  // The server's copy replaces the optimistic one in place, without counting it twice.
  const again = withLeadOnTop(after, lead('x', 'X from server'));
  expect(columnLeads(again).map((l) => l.name)).toEqual(['X from server', 'a']);
  expect(again.pages[0]!.pagination.total).toBe(2);
});

test("a cached column is known by the stage in its key's filters", () => {
  expect(columnStageOf(['tenant', 't1', 'lead-board', { pipeline_stage_id: 's9', q: 'x' }])).toBe('s9');
});

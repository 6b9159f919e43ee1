import { optionParam, ownerParam, pageParam, uuidParam, viewQueryOf, withView } from '../use-list-params';

const ID = '7E0A3B5E-1D6C-4A52-9F3E-2B8F1C4D5E6A';

test('a hand-edited address is read leniently: what a list does not know is as if absent', () => {
  expect(uuidParam(ID)).toBe(ID.toLowerCase());
  expect(uuidParam('1 or 1=1')).toBeUndefined();
  expect(uuidParam(null)).toBeUndefined();
  expect(ownerParam('me')).toBe('me');
  expect(ownerParam('none')).toBe('none');
  expect(ownerParam(ID)).toBe(ID.toLowerCase());
  expect(ownerParam('everyone')).toBeUndefined();
  expect([pageParam('3'), pageParam('0'), pageParam('-2'), pageParam('2.5'), pageParam('1e9'), pageParam('99999999'), pageParam(null)]).toEqual([
    3, 1, 1, 1, 1, 1, 1,
  ]);
});

test('a view is the address’s view parameters less the page; applying one keeps the tab and drops the old filters', () => {
  const address = new URLSearchParams({ tab: 'leads', q: 'acme', sort: 'value_desc', page: '4', tenant: 'x', pipeline_stage_id: '' });
  expect(viewQueryOf(address)).toEqual({ q: 'acme', sort: 'value_desc' });
  const applied = withView(address, { pipeline_stage_id: ID, view: 'board', unknown: 'y' });
  expect(Object.fromEntries(applied)).toEqual({ tab: 'leads', tenant: 'x', pipeline_stage_id: ID, view: 'board' });
});

test("a status or stage of the address counts once it is one of the tenant's; while they load, its id is asked as it is", () => {
  const all = { id: '', name: 'All Statuses' };
  const options = [{ id: ID.toLowerCase(), name: 'Interested' }];
  expect(optionParam(ID, options, all)).toBe(options[0]);
  expect(optionParam(ID.replace('A', 'B'), options, all)).toBe(all);
  expect(optionParam(ID, [], all)).toEqual({ id: ID.toLowerCase(), name: 'All Statuses' });
  expect(optionParam('nope', [], all)).toBe(all);
});

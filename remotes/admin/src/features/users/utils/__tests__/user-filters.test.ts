import { GROUPS, TENANT, user } from '../../../../test/fixtures';
import { countUsers, filterUsers, hasActiveFilter, NO_FILTERS } from '../user-filters';
import { displayName, groupTone, tenantLabel } from '../user-display';

const users = [
  user(1, { full_name: 'Grace Hopper', email: 'grace@navy.test', is_admin: true, is_staff: true }),
  user(2, { full_name: 'Alan Turing', email: 'alan@bletchley.test', is_staff: true }),
  user(3, { full_name: '', email: 'nameless@example.com', is_active: false }),
  user(4, { full_name: 'Ada Lovelace', email: 'ada@engine.test' }),
];

describe('countUsers', () => {
  it('counts total, active, admins, staff and inactive', () => {
    expect(countUsers(users)).toEqual({ total: 4, active: 3, admins: 1, staff: 2, inactive: 1 });
    expect(countUsers([])).toEqual({ total: 0, active: 0, admins: 0, staff: 0, inactive: 0 });
  });
});

describe('filterUsers', () => {
  const names = (filters: Partial<typeof NO_FILTERS>) => filterUsers(users, { ...NO_FILTERS, ...filters }).map((u) => u.email);

  it('searches email or full name, ignoring case and surrounding spaces', () => {
    expect(names({ search: '  HOPPER ' })).toEqual(['grace@navy.test']);
    expect(names({ search: 'bletchley' })).toEqual(['alan@bletchley.test']);
    expect(names({ search: 'a' })).toHaveLength(4);
    expect(names({ search: 'nobody' })).toEqual([]);
  });

  it('filters by status and by group, together with the search', () => {
    expect(names({ status: 'inactive' })).toEqual(['nameless@example.com']);
    expect(names({ status: 'active' })).toHaveLength(3);
    expect(names({ group: 'admin' })).toEqual(['grace@navy.test']);
    expect(names({ group: 'staff' })).toEqual(['grace@navy.test', 'alan@bletchley.test']);
    expect(names({ group: 'staff', search: 'alan' })).toEqual(['alan@bletchley.test']);
    expect(names({ group: 'admin', status: 'inactive' })).toEqual([]);
  });

  it('knows when a filter is active', () => {
    expect(hasActiveFilter(NO_FILTERS)).toBe(false);
    expect(hasActiveFilter({ ...NO_FILTERS, search: '   ' })).toBe(false);
    expect(hasActiveFilter({ ...NO_FILTERS, search: 'x' })).toBe(true);
    expect(hasActiveFilter({ ...NO_FILTERS, status: 'active' })).toBe(true);
    expect(hasActiveFilter({ ...NO_FILTERS, group: 'staff' })).toBe(true);
  });
});

describe('display helpers', () => {
  it("names a user, or says 'No Name'", () => {
    expect(displayName({ full_name: 'Grace Hopper' })).toBe('Grace Hopper');
    expect(displayName({ full_name: '   ' })).toBe('No Name');
  });

  it("names the tenant: 'No Tenant' without one, 'Unknown Tenant' when unmatched", () => {
    expect(tenantLabel(null, [TENANT])).toBe('No Tenant');
    expect(tenantLabel(TENANT.id, [TENANT])).toBe('Acme Outreach');
    expect(tenantLabel('00000000-0000-4000-8000-00000000ffff', [TENANT])).toBe('Unknown Tenant');
    expect(tenantLabel(TENANT.id, undefined)).toBe('Unknown Tenant');
  });

  it('colours admin red, staff blue and other groups neutral', () => {
    expect(GROUPS.map((group) => groupTone(group.name))).toEqual(['danger', 'info', 'neutral']);
  });
});

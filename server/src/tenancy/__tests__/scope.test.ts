import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { ownerFilter, seesOwner, SYSTEM_SCOPE, userScope, usersFilter, type ScopeUser } from '../scope';

const ME = '00000000-0000-4000-8000-000000000001';
const MATE = '00000000-0000-4000-8000-000000000002';
const TENANT = '00000000-0000-4000-8000-0000000000aa';

const user = (over: Partial<ScopeUser>): ScopeUser => ({ id: ME, isAdmin: false, tenantId: TENANT, visibility: 'own', teamMemberIds: [], ...over });
const rendered = (condition: ReturnType<typeof ownerFilter>) => new PgDialect().sqlToQuery(condition!);

describe('the scope of a signed-in user', () => {
  it('sees every owner as an admin or with visibility all, else itself or its team', () => {
    expect(userScope(user({ isAdmin: true })).owners).toBe('all');
    expect(userScope(user({ visibility: 'all' })).owners).toBe('all');
    expect(userScope(user({ visibility: 'own', teamMemberIds: [ME, MATE] })).owners).toEqual([ME]);
    expect(userScope(user({ visibility: 'team' })).owners).toEqual([ME]);
    expect(userScope(user({ visibility: 'team', teamMemberIds: [MATE, ME] })).owners).toEqual([ME, MATE]);
  });

  it('uses every tenant as an admin, else its home tenant', () => {
    expect(userScope(user({ isAdmin: true })).tenantIds).toBe('all');
    expect(userScope(user({})).tenantIds).toEqual([TENANT]);
    expect(userScope(user({ tenantId: null })).tenantIds).toEqual([]);
  });

  it('sees unassigned records and its owners', () => {
    const scope = userScope(user({}));
    expect(seesOwner(scope, null)).toBe(true);
    expect(seesOwner(scope, ME)).toBe(true);
    expect(seesOwner(scope, MATE)).toBe(false);
    expect(seesOwner(SYSTEM_SCOPE, MATE)).toBe(true);
  });
});

describe('owner filters', () => {
  it('pass the owners as one bound uuid[] parameter, never as text in the statement', () => {
    const query = rendered(ownerFilter(sql.raw('owner_id'), userScope(user({ visibility: 'team', teamMemberIds: [ME, MATE] }))));
    expect(query.sql).toBe('(owner_id is null or owner_id = any($1::uuid[]))');
    expect(query.params).toEqual([[ME, MATE]]);
  });

  it('filter nothing for a scope that sees every owner', () => {
    expect(ownerFilter(sql.raw('owner_id'), SYSTEM_SCOPE)).toBeUndefined();
    expect(usersFilter(sql.raw('user_id'), 'all')).toBeUndefined();
  });

  it('keep no one for an empty user list', () => {
    expect(rendered(usersFilter(sql.raw('user_id'), [])).sql).toBe('false');
  });
});

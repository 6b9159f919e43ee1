import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { ownerFilter, SYSTEM_SCOPE, userScope, type ScopeUser } from '../scope';
import { callbackOwners, mayAssignInBulk, viewSharers } from '../visibility';

const ME = '00000000-0000-4000-8000-000000000001';
const MATE = '00000000-0000-4000-8000-000000000002';
const TENANT = '00000000-0000-4000-8000-0000000000aa';

const scopeOf = (over: Partial<ScopeUser>) => userScope({ id: ME, isAdmin: false, tenantId: TENANT, visibility: 'own', teamMemberIds: [], ...over });

describe('whose callbacks a user sees', () => {
  it('their team’s with team visibility, so one covers for another', () => {
    expect(callbackOwners(scopeOf({ visibility: 'team', teamMemberIds: [ME, MATE] }))).toEqual([ME, MATE]);
  });

  it('their own with own or all visibility, as an admin, or with team visibility and no team', () => {
    expect(callbackOwners(scopeOf({ visibility: 'own', teamMemberIds: [ME, MATE] }))).toEqual([ME]);
    expect(callbackOwners(scopeOf({ visibility: 'all', teamMemberIds: [ME, MATE] }))).toEqual([ME]);
    expect(callbackOwners(scopeOf({ isAdmin: true, visibility: 'all' }))).toEqual([ME]);
    expect(callbackOwners(scopeOf({ visibility: 'team' }))).toEqual([ME]);
  });

  it('no one’s for the system', () => {
    expect(callbackOwners(SYSTEM_SCOPE)).toEqual([]);
  });
});

describe('who may hand over many records at once', () => {
  it('admins and users who see their team’s or all records', () => {
    expect(mayAssignInBulk(scopeOf({ isAdmin: true, visibility: 'own' }))).toBe(true);
    expect(mayAssignInBulk(scopeOf({ visibility: 'all' }))).toBe(true);
    expect(mayAssignInBulk(scopeOf({ visibility: 'team', teamMemberIds: [ME, MATE] }))).toBe(true);
    // Team visibility without a team sees only its own records, but chose to see a team's: it may.
    expect(mayAssignInBulk(scopeOf({ visibility: 'team' }))).toBe(true);
  });

  it('not a user who sees only their own', () => {
    expect(mayAssignInBulk(scopeOf({ visibility: 'own', teamMemberIds: [ME, MATE] }))).toBe(false);
  });
});

describe('whose shared views a user is offered', () => {
  it('their team’s; an admin everyone’s', () => {
    expect(viewSharers(scopeOf({ visibility: 'own', teamMemberIds: [ME, MATE] }))).toEqual([ME, MATE]);
    expect(viewSharers(scopeOf({ isAdmin: true }))).toBe('all');
  });
});

describe('the owner filter of a prepared statement', () => {
  it('takes the owners through the statement’s binder, under the name owners, and reads as the bound one', () => {
    const values: Record<string, unknown> = {};
    const scope = scopeOf({ visibility: 'team', teamMemberIds: [ME, MATE] });
    const bound = ownerFilter(sql.raw('owner_id'), scope, (name, value) => {
      values[name] = value;
      return sql.placeholder(name);
    });
    const dialect = new PgDialect();
    expect(dialect.sqlToQuery(bound!).sql).toBe(dialect.sqlToQuery(ownerFilter(sql.raw('owner_id'), scope)!).sql);
    expect(values).toEqual({ owners: [ME, MATE] });
  });

  it('filters nothing for a scope that sees every owner', () => {
    expect(ownerFilter(sql.raw('owner_id'), SYSTEM_SCOPE, () => sql.placeholder('owners'))).toBeUndefined();
  });
});

import type { AuditAction, AuditEventsQuery } from '@app/shared/forms';

/** The filter part of the API's query (the page size and cursor are the fetcher's). */
export type AuditFilterQuery = Partial<Pick<AuditEventsQuery, 'q' | 'action' | 'actor' | 'tenant_id' | 'from' | 'to'>>;

/** The Audit Log's filters as the form holds them: blank means "any". Dates are local days (YYYY-MM-DD). */
export interface AuditFilters {
  q: string;
  action: AuditAction | '';
  actor: string;
  tenantId: string;
  fromDay: string;
  toDay: string;
}

export const NO_AUDIT_FILTERS: AuditFilters = { q: '', action: '', actor: '', tenantId: '', fromDay: '', toDay: '' };

/** A local day's first (or, with `end`, last) moment, as the API's ISO timestamp. */
function dayBoundary(day: string, end: boolean): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const [year, month, date] = day.split('-').map(Number);
  const moment = end ? new Date(year, month - 1, date, 23, 59, 59, 999) : new Date(year, month - 1, date);
  return Number.isNaN(moment.getTime()) ? undefined : moment.toISOString();
}

/** The query the API takes for these filters; filters left blank are left out. */
export function auditQuery(filters: AuditFilters): AuditFilterQuery {
  const query: AuditFilterQuery = {};
  if (filters.q.trim()) query.q = filters.q.trim();
  if (filters.action) query.action = filters.action;
  if (filters.actor.trim()) query.actor = filters.actor.trim();
  if (filters.tenantId) query.tenant_id = filters.tenantId;
  const from = dayBoundary(filters.fromDay, false);
  const to = dayBoundary(filters.toDay, true);
  if (from) query.from = from;
  if (to) query.to = to;
  return query;
}

export function hasAuditFilter(filters: AuditFilters): boolean {
  return Object.values(filters).some((value) => value !== '');
}

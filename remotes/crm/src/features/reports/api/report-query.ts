import type { ReportKind } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';

/** The Reports tab's filters, as the server takes them and the address holds them. */
export const REPORT_FILTER_KEYS = ['from', 'to', 'owner_id', 'team_id'] as const;
export type ReportFilterKey = (typeof REPORT_FILTER_KEYS)[number];

/** The Reports tab's filters (empty ones left out). */
export type ReportFilters = Partial<Record<ReportFilterKey, string>>;

export function reportQuery(tenantId: string, filters: ReportFilters): Record<string, string> {
  const query: Record<string, string> = { tenant_id: tenantId };
  for (const key of REPORT_FILTER_KEYS) if (filters[key]) query[key] = filters[key]!;
  return query;
}

export const reportKey = (tenantId: string, kind: ReportKind, filters: ReportFilters) =>
  [...tenantKey(tenantId, 'reports'), kind, reportQuery(tenantId, filters)] as const;

export const reportPath = (kind: ReportKind) => `/crm/reports/${kind}`;

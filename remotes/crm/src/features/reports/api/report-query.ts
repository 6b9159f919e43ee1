import type { ReportKind } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';

/** The Reports tab's filters, as the server takes them (empty ones left out). */
export interface ReportFilters {
  from?: string;
  to?: string;
  owner_id?: string;
  team_id?: string;
}

export function reportQuery(tenantId: string, filters: ReportFilters): Record<string, string> {
  const query: Record<string, string> = { tenant_id: tenantId };
  for (const key of ['from', 'to', 'owner_id', 'team_id'] as const) if (filters[key]) query[key] = filters[key]!;
  return query;
}

export const reportKey = (tenantId: string, kind: ReportKind, filters: ReportFilters) =>
  [...tenantKey(tenantId, 'reports'), kind, reportQuery(tenantId, filters)] as const;

export const reportPath = (kind: ReportKind) => `/crm/reports/${kind}`;

import { useDeferredValue, useState } from 'react';
import { reportQuerySchema } from '@app/shared/forms';
import type { ReportFilters } from '../api/report-query';

/**
 * The Reports tab's filters as typed, and the ones the reports ask with: those last only while
 * they are valid (a half-typed or reversed range keeps the figures shown and says why).
 */
export function useReportFilters(tenantId: string) {
  const [draft, setDraft] = useState<ReportFilters>({});
  const [applied, setApplied] = useState<ReportFilters>({});
  const checked = reportQuerySchema.safeParse({ tenant_id: tenantId, ...withoutEmpty(draft) });
  const error = checked.success ? undefined : checked.error.issues[0]?.message;
  const update = (change: Partial<ReportFilters>) => {
    const next = { ...draft, ...change };
    setDraft(next);
    if (reportQuerySchema.safeParse({ tenant_id: tenantId, ...withoutEmpty(next) }).success) setApplied(withoutEmpty(next));
  };
  return { draft, filters: useDeferredValue(applied), error, update };
}

function withoutEmpty(filters: ReportFilters): ReportFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value)) as ReportFilters;
}

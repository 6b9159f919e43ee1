import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { reportQuerySchema } from '@app/shared/forms';
import { REPORT_FILTER_KEYS, type ReportFilterKey, type ReportFilters } from '../api/report-query';

export type ReportFilterErrors = Partial<Record<ReportFilterKey, string>>;

/**
 * The Reports tab's filters live in the address (?from&to&owner_id&team_id), so a reload or a shared
 * link shows the same reports. They are checked by the reports' own contract, as the server checks
 * them: while one is wrong (typed or in a link) its field says why and no report is asked for, so no
 * figures of other filters stay on screen.
 */
export function useReportFilters(tenantId: string) {
  const [params, setParams] = useSearchParams();
  const value: ReportFilters = {};
  for (const key of REPORT_FILTER_KEYS) {
    const param = params.get(key);
    if (param) value[key] = param;
  }
  const checked = reportQuerySchema.safeParse({ tenant_id: tenantId, ...value });
  const errors: ReportFilterErrors = {};
  for (const issue of checked.success ? [] : checked.error.issues) {
    const key = REPORT_FILTER_KEYS.find((field) => field === issue.path[0]) ?? 'to';
    errors[key] ??= issue.message;
  }
  // A typed day replaces the address' entry (a date box changes on every digit); a chosen owner or team is a step Back undoes.
  const update = useCallback(
    (change: ReportFilters, { replace = false }: { replace?: boolean } = {}) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, param] of Object.entries(change)) {
            if (param) next.set(key, param);
            else next.delete(key);
          }
          return next;
        },
        { replace },
      ),
    [setParams],
  );
  return { value, filters: checked.success ? value : undefined, errors, update };
}

import { useMemo, useState } from 'react';
import { useDebouncedValue } from '@app/shared/hooks/use-debounced-value';
import { auditQuery, hasAuditFilter, NO_AUDIT_FILTERS, type AuditFilters } from '../utils/audit-filters';

/** The filters as typed, and the query they make once typing pauses. */
export function useAuditFilters() {
  const [filters, setFilters] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const settled = useDebouncedValue(filters);
  const query = useMemo(() => auditQuery(settled), [settled]);
  const update = (change: Partial<AuditFilters>) => setFilters((current) => ({ ...current, ...change }));
  return { filters, update, query, filtering: hasAuditFilter(filters), clear: () => setFilters(NO_AUDIT_FILTERS) };
}

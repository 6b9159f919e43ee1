import type { LeadSort } from '@app/shared/contracts';
import { NEWEST_FIRST, type PageOrder } from '../companies';

/**
 * The orders the leads list's `sort` names. Leads without a value or a close date come last;
 * ties stay newest first. leads_value_idx and leads_close_date_idx serve the usual two.
 */
/** newest is the list's own order (and its fast path), so it is not here. */
export const LEAD_ORDERS: Partial<Record<LeadSort, PageOrder>> = {
  value_desc: (p) => `${p}value desc nulls last, ${NEWEST_FIRST(p)}`,
  value_asc: (p) => `${p}value asc nulls last, ${NEWEST_FIRST(p)}`,
  close_date_asc: (p) => `${p}expected_close_date asc nulls last, ${NEWEST_FIRST(p)}`,
  close_date_desc: (p) => `${p}expected_close_date desc nulls last, ${NEWEST_FIRST(p)}`,
};

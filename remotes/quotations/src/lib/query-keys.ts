import type { QuotationStatus } from '@app/shared/forms';

/**
 * Every quotations query key starts with the tenant, so a tenant switch never shows another
 * tenant's cached quotations and one prefix invalidates all of them after a change.
 */
export function quotationsKey(tenantId: string) {
  return ['tenant', tenantId, 'quotations'] as const;
}

export interface QuotationFilters {
  q?: string;
  status?: QuotationStatus;
  page: number;
  limit: number;
}

/** Drops empty filters so '' and undefined share one cache entry. */
export function normaliseFilters(filters: QuotationFilters): QuotationFilters {
  const clean: QuotationFilters = { page: filters.page, limit: filters.limit };
  const q = filters.q?.trim();
  if (q) clean.q = q;
  if (filters.status) clean.status = filters.status;
  return clean;
}

export const quotationListKey = (tenantId: string, filters: QuotationFilters) => [...quotationsKey(tenantId), 'list', normaliseFilters(filters)] as const;

export const quotationKey = (tenantId: string, id: string) => [...quotationsKey(tenantId), 'detail', id] as const;

export const quotationHistoryKey = (tenantId: string, id: string) => [...quotationsKey(tenantId), 'history', id] as const;

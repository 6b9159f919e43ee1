import type { ProductStatus, QuotationStatus } from '@app/shared/forms';

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

/** The tenant's product catalogue: its page and the builder's picker read it, and every change of it invalidates this prefix. */
export const productsKey = (tenantId: string) => ['tenant', tenantId, 'products'] as const;

export interface ProductFilters {
  q?: string;
  status?: ProductStatus;
  currency?: string;
  page: number;
  limit: number;
}

export const productListKey = (tenantId: string, filters: ProductFilters) => [...productsKey(tenantId), 'list', normaliseProductFilters(filters)] as const;

/** Drops empty filters so '' and undefined share one cache entry. */
export function normaliseProductFilters(filters: ProductFilters): ProductFilters {
  const clean: ProductFilters = { page: filters.page, limit: filters.limit };
  const q = filters.q?.trim();
  if (q) clean.q = q;
  if (filters.status) clean.status = filters.status;
  if (filters.currency) clean.currency = filters.currency;
  return clean;
}

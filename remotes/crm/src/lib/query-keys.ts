import type { LeadSort, ListQuery } from '@app/shared/forms';

/**
 * Every CRM query key starts with the tenant, so switching tenants never shows another tenant's
 * cached rows, and one prefix invalidates everything a mutation touched.
 */
export type TenantResource =
  | 'prospects'
  | 'prospect'
  | 'leads'
  // Not under 'leads': the list caches are rewritten wholesale by that prefix.
  | 'lead-activities'
  // The board's columns: paged by keyset, their caches have another shape than the list's.
  | 'lead-board'
  // The board's figures per stage and in all (crm/pipeline/summary).
  | 'pipeline-summary'
  | 'goals'
  | 'status-options'
  | 'pipeline-stages'
  | 'dashboard'
  | 'imports'
  | 'callbacks'
  // Saved views, then their target (prospects, leads, board).
  | 'views'
  // The users a record may be owned by (crm/owners).
  | 'owners'
  // The Reports tab: each report by its name and filters.
  | 'reports'
  | 'teams'
  // The tenant's users, as the team member picker offers them.
  | 'users'
  // One lead by id (its record page); not under 'leads', whose caches hold lists.
  | 'lead'
  // A record page's notes and timeline, then the record's kind and id.
  | 'record-notes'
  | 'record-timeline'
  // Tasks: a record's open ones (then the record's kind and id), My day, the user's calendar feed.
  | 'tasks'
  | 'my-day'
  | 'calendar-feed'
  // A record's mail (then the record's kind and id), what its composer offers, and the tenant's mail templates.
  | 'record-mails'
  | 'mail-options'
  | 'mail-templates';

export function tenantKey(tenantId: string, resource: TenantResource) {
  return ['tenant', tenantId, resource] as const;
}

/** A list's query as the server takes it, less the tenant (which heads the key); invalid_phone: prospects only. */
export type ListFilters = Omit<ListQuery, 'tenant_id'> & { invalid_phone?: boolean; sort?: LeadSort };

/** Drops empty filters so '' and undefined share one cache entry. */
export function normaliseFilters(filters: ListFilters): ListFilters {
  const clean: ListFilters = { page: filters.page, limit: filters.limit };
  const q = filters.q?.trim();
  if (q) clean.q = q;
  if (filters.status_id) clean.status_id = filters.status_id;
  if (filters.pipeline_stage_id) clean.pipeline_stage_id = filters.pipeline_stage_id;
  if (filters.invalid_phone) clean.invalid_phone = true;
  if (filters.sort && filters.sort !== 'newest') clean.sort = filters.sort;
  if (filters.owner_id) clean.owner_id = filters.owner_id;
  return clean;
}

/** Whether a cached list shows the unfiltered first page, where a newly created row belongs on top. */
export function isFirstUnfilteredPage(queryKey: readonly unknown[]): boolean {
  const filters = queryKey[3] as ListFilters | undefined;
  return Boolean(
    filters &&
    filters.page === 1 &&
    !filters.q &&
    !filters.status_id &&
    !filters.pipeline_stage_id &&
    !filters.invalid_phone &&
    !filters.sort &&
    !filters.owner_id,
  );
}

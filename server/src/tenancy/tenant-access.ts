import { z } from 'zod';
import { Refusal } from '../lib/refusal';

/** What the access rule needs to know about a user (AuthUser has it). */
export interface TenantMember {
  isAdmin: boolean;
  tenantId: string | null;
}

export const TENANT_REQUIRED_DETAIL = 'tenant_id: a tenant is required.';
export const TENANT_INVALID_DETAIL = 'tenant_id: Invalid UUID';
export const TENANT_FORBIDDEN_DETAIL = 'You do not have access to this tenant.';

const uuid = z.uuid();

/**
 * The one rule for tenant data: admins use every tenant; everyone else only their home tenant.
 * Returns the checked tenant id; refuses it as invalid (400) when it is missing or malformed,
 * forbidden (403) otherwise.
 * Use it (or request.tenant(...), which calls it) before every tenant-scoped repository call.
 */
export function assertTenantAccess(user: TenantMember, tenantId: unknown): string {
  if (tenantId === undefined || tenantId === null || tenantId === '') throw new Refusal('invalid', TENANT_REQUIRED_DETAIL);
  if (typeof tenantId !== 'string' || !uuid.safeParse(tenantId).success) throw new Refusal('invalid', TENANT_INVALID_DETAIL);
  const id = tenantId.toLowerCase();
  if (user.isAdmin) return id;
  if (user.tenantId && user.tenantId.toLowerCase() === id) return id;
  throw new Refusal('forbidden', TENANT_FORBIDDEN_DETAIL);
}

/** Tenants a user may list: every tenant for admins, else the home tenant (if any). */
export function visibleTenantIds(user: TenantMember): 'all' | string[] {
  if (user.isAdmin) return 'all';
  return user.tenantId ? [user.tenantId] : [];
}

/** Whether the user may use a tenant (the same rule as assertTenantAccess, without throwing). */
export function canUseTenant(user: TenantMember, tenantId: string): boolean {
  if (user.isAdmin) return true;
  return Boolean(user.tenantId) && user.tenantId!.toLowerCase() === tenantId.toLowerCase();
}

/**
 * For by-id calls: the tenant of the row that was looked up by id alone. A missing row and a row
 * of a tenant the user cannot use get the same refusal (404), so ids of other tenants do not leak.
 * Returns the tenant id to scope every further query with.
 */
export function assertRowTenant(user: TenantMember, rowTenantId: string | undefined, notFoundDetail: string): string {
  if (!rowTenantId || !canUseTenant(user, rowTenantId)) throw new Refusal('not-found', notFoundDetail);
  return rowTenantId;
}

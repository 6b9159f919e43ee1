import { formatDate } from '@app/shared/staff';
import { type Tenant } from '@app/shared/forms';

/** Case-insensitive search over name, domain, description and created date. */
export function filterTenants(tenants: readonly Tenant[], query: string): Tenant[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...tenants];
  return tenants.filter((tenant) =>
    [tenant.name, tenant.domain, tenant.description ?? '', tenant.created_at, formatDate(tenant.created_at)].some((text) =>
      text.toLowerCase().includes(needle),
    ),
  );
}

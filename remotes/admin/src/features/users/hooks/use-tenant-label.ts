import { useTenants } from '@app/shared/staff';
import { tenantLabel } from '../utils/user-display';

/** Names a user's tenant; null while the tenants are still loading, so no card says 'Unknown Tenant' too early. */
export function useTenantLabel(): (tenantId: string | null) => string | null {
  const tenants = useTenants();
  return (tenantId) => {
    if (!tenantId) return tenantLabel(null, undefined);
    if (tenants.isLoading) return null;
    return tenantLabel(tenantId, tenants.data);
  };
}

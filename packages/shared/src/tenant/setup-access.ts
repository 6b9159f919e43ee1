import { useSession } from '../session/session-store';
import { useTenants } from './get-tenants';

/**
 * Whether the signed-in user may change the tenant's setup (statuses, stages, goals, the product
 * catalogue): admins always, everyone else unless the tenant keeps its setup for admins. The server
 * refuses the same (403); this only spares a user controls they could not use.
 */
export function useMayChangeSetup(tenantId: string): boolean {
  const { user } = useSession();
  const tenant = useTenants().data?.find((candidate) => candidate.id === tenantId);
  return Boolean(user?.is_admin) || tenant?.setup_changes !== 'admins';
}

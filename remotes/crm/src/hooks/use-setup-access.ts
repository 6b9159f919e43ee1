import { useSession } from '@app/shared';
import { useTenants } from '@app/shared/tenants';

/**
 * Whether the signed-in user may change the tenant's statuses, stages and goals: admins always,
 * everyone else unless the tenant keeps its setup for admins. The server refuses the same (403);
 * this only spares a user controls they could not use.
 */
export function useMayChangeSetup(tenantId: string): boolean {
  const { user } = useSession();
  const tenant = useTenants().data?.find((candidate) => candidate.id === tenantId);
  return Boolean(user?.is_admin) || tenant?.setup_changes !== 'admins';
}

/** Why the setup controls are missing, shown in their place. */
export const SETUP_LOCKED_NOTE = 'Only admins change statuses, stages and goals in this tenant.';

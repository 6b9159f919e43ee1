import { SETUP_CHANGES_ADMINS_ONLY_DETAIL } from '@app/shared/contracts';
import type { DbOrTx } from '../../db/client';
import { forbidden } from '../../lib/refusal';
import type { TenantMember } from '../../tenancy/tenant-access';
import { tenantsRepository } from './repository';

/**
 * The tenant's setup (statuses, stages with their probabilities, goals, the product catalogue) is
 * changed by everyone in it unless an admin set it to admins only: then anyone else is refused (403,
 * with `detail`: what of the setup it was), whatever the screen offered.
 */
export async function assertMayChangeSetup(db: DbOrTx, user: TenantMember, tenantId: string, detail = SETUP_CHANGES_ADMINS_ONLY_DETAIL): Promise<void> {
  if (user.isAdmin) return;
  if ((await tenantsRepository(db).setupChanges(tenantId)) === 'admins') throw forbidden(detail);
}

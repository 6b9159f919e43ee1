import { SETUP_CHANGES_ADMINS_ONLY_DETAIL } from '@app/shared/contracts';
import { forbidden } from '../../lib/refusal';
import type { ScopedDbOrTx } from '../../tenancy/database';
import { tenantsRepository } from './repository';

/**
 * The tenant's setup (statuses, stages with their probabilities, goals, the product catalogue) is
 * changed by everyone in it unless an admin set it to admins only: then anyone else is refused (403,
 * with `detail`: what of the setup it was), whatever the screen offered. The caller is the handle's.
 */
export async function assertMayChangeSetup(db: ScopedDbOrTx, tenantId: string, detail = SETUP_CHANGES_ADMINS_ONLY_DETAIL): Promise<void> {
  if (db.scope.isAdmin) return;
  if ((await tenantsRepository(db).setupChanges(tenantId)) === 'admins') throw forbidden(detail);
}

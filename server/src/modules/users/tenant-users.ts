import { ADMIN_GROUP } from '@app/shared/contracts';
import type { DbOrTx } from '../../db/client';
import { badRequest } from '../../lib/refusal';
import { canUseTenant } from '../../tenancy/tenant-access';
import { groupsRepository, usersRepository } from './repository';

/**
 * A user named in tenant data (a goal's owner, a lead's assignee) must be active and able to
 * work in that tenant; anyone else answers 400 with the given detail, like any unknown id.
 */
export async function assertTenantUser(db: DbOrTx, tenantId: string, userId: string, detail: string): Promise<string> {
  const user = await usersRepository(db).findById(userId);
  if (!user || !user.isActive) throw badRequest(detail);
  const groups = (await groupsRepository(db).forUsers([user.id])).get(user.id) ?? [];
  if (!canUseTenant({ isAdmin: groups.some((group) => group.name === ADMIN_GROUP), tenantId: user.tenantId }, tenantId)) throw badRequest(detail);
  return user.id;
}

import {
  SAVED_VIEW_NAME_TAKEN,
  SAVED_VIEW_NOT_FOUND,
  SAVED_VIEW_NOT_YOURS,
  type CreateSavedView,
  type SavedView,
  type SavedViewTarget,
} from '@app/shared/contracts';
import type { Db } from '../../db/client';
import { conflict, forbidden, isUniqueViolation, notFound } from '../../http/errors';
import { assertRowTenant, type TenantMember } from '../../tenancy/tenant-access';
import { type AuditActor, recordAudit } from '../audit';
import { savedViewsRepository, type SavedViewRow, type ViewReader } from './repository';

/** What the sharing rule needs to know about a user (AuthUser has it). */
export interface ViewUser extends TenantMember {
  id: string;
  /** Everyone in the user's team, the user included; empty when in none. */
  teamMemberIds: string[];
}

const NAME_UNIQUE = 'saved_views_user_target_name_unique';

export function toSavedViewDto(row: SavedViewRow): SavedView {
  return {
    id: row.id,
    tenant_id: row.tenantId,
    user_id: row.userId,
    user_name: row.userName,
    name: row.name,
    target: row.target,
    query: row.query,
    shared: row.shared,
    created_at: row.createdAt.toISOString(),
  };
}

/** A user sees their own views and those their team shares; an admin every shared view of the tenant. */
function readerOf(user: ViewUser): ViewReader {
  return { userId: user.id, sharers: user.isAdmin ? 'all' : user.teamMemberIds };
}

function sees(reader: ViewReader, row: SavedViewRow): boolean {
  return row.userId === reader.userId || (row.shared && (reader.sharers === 'all' || reader.sharers.includes(row.userId)));
}

export function savedViewsService(db: Db) {
  const repo = savedViewsRepository(db);

  return {
    /** tenantId has been checked by the route (request.tenant). */
    async list(tenantId: string, user: ViewUser, target?: SavedViewTarget): Promise<SavedView[]> {
      return (await repo.list(tenantId, readerOf(user), target)).map(toSavedViewDto);
    },

    async create(tenantId: string, user: ViewUser, input: Omit<CreateSavedView, 'tenant_id'>, actor: AuditActor): Promise<SavedView> {
      let id: string;
      try {
        id = await repo.insert(tenantId, { userId: user.id, name: input.name, target: input.target, query: input.query, shared: input.shared ?? false });
      } catch (error) {
        if (isUniqueViolation(error, NAME_UNIQUE)) throw conflict(SAVED_VIEW_NAME_TAKEN);
        throw error;
      }
      await recordAudit(db, actor, {
        tenantId,
        action: 'view.created',
        targetType: 'view',
        targetId: id,
        targetName: input.name,
        details: { target: input.target, shared: input.shared ?? false },
      });
      return toSavedViewDto((await repo.findById(tenantId, id))!);
    },

    /** Only the one who saved a view, or an admin, deletes it; a view the caller is not offered is not found. */
    async remove(user: ViewUser, id: string, actor: AuditActor): Promise<void> {
      const tenantId = assertRowTenant(user, await repo.tenantOf(id), SAVED_VIEW_NOT_FOUND);
      const row = await repo.findById(tenantId, id);
      if (!row || !(user.isAdmin || sees(readerOf(user), row))) throw notFound(SAVED_VIEW_NOT_FOUND);
      if (!user.isAdmin && row.userId !== user.id) throw forbidden(SAVED_VIEW_NOT_YOURS);
      if (!(await repo.delete(tenantId, id))) throw notFound(SAVED_VIEW_NOT_FOUND);
      await recordAudit(db, actor, { tenantId, action: 'view.deleted', targetType: 'view', targetId: id, targetName: row.name });
    },
  };
}

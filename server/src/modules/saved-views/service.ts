import {
  SAVED_VIEW_NAME_TAKEN,
  SAVED_VIEW_NOT_FOUND,
  SAVED_VIEW_NOT_YOURS,
  type CreateSavedView,
  type SavedView,
  type SavedViewTarget,
} from '@app/shared/contracts';
import { isUniqueViolation } from '../../http/errors';
import { Refusal } from '../../lib/refusal';
import type { ScopedDb } from '../../tenancy/database';
import { type AuditActor, recordAudit } from '../audit';
import { savedViewsRepository, type SavedViewRow } from './repository';

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

/** A user's saved views, and those their team shares: each call on the caller's database (request.db). */
export const savedViewsService = {
  /** tenantId has been checked by the route (request.tenant). */
  async list(db: ScopedDb, tenantId: string, target?: SavedViewTarget): Promise<SavedView[]> {
    return (await savedViewsRepository(db).list(tenantId, target)).map(toSavedViewDto);
  },

  async create(db: ScopedDb, tenantId: string, input: Omit<CreateSavedView, 'tenant_id'>, actor: AuditActor): Promise<SavedView> {
    const repo = savedViewsRepository(db);
    let id: string;
    try {
      id = await repo.insert(tenantId, { userId: db.scope.userId!, name: input.name, target: input.target, query: input.query, shared: input.shared ?? false });
    } catch (error) {
      if (isUniqueViolation(error, NAME_UNIQUE)) throw new Refusal('conflict', SAVED_VIEW_NAME_TAKEN);
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
  async remove(db: ScopedDb, id: string, actor: AuditActor): Promise<void> {
    const repo = savedViewsRepository(db);
    const row = await repo.visible(id, SAVED_VIEW_NOT_FOUND);
    if (!db.scope.isAdmin && row.userId !== db.scope.userId) throw new Refusal('forbidden', SAVED_VIEW_NOT_YOURS);
    if (!(await repo.delete(row.tenantId, id))) throw new Refusal('not-found', SAVED_VIEW_NOT_FOUND);
    await recordAudit(db, actor, { tenantId: row.tenantId, action: 'view.deleted', targetType: 'view', targetId: id, targetName: row.name });
  },
};

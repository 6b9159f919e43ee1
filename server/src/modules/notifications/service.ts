import {
  NOTIFICATION_KINDS,
  NOTIFICATION_NOT_FOUND,
  type NotificationListResponse,
  type NotificationPreferences,
  type NotificationsReadResponse,
} from '@app/shared/contracts';
import { notFound } from '../../lib/refusal';
import type { ScopedDb } from '../../tenancy/database';
import { userScopeOf } from '../../tenancy/scope';
import { type AuditActor, recordAudit } from '../audit';
import { notifyDue, type DueSource } from './due';
import { bellRepository } from './repository';

export interface NotificationsServiceOptions {
  /** What comes due and tells its user (callbacks; tasks later): checked on each read. */
  dueSources: readonly DueSource[];
}

/**
 * The bell: a user's own notifications, read and marked by them alone, and which kinds they have
 * mailed. A factory of what comes due; each call on the caller's database (request.db).
 */
export function notificationsService({ dueSources }: NotificationsServiceOptions) {
  async function preferences(db: ScopedDb): Promise<NotificationPreferences> {
    const mailed = new Set(await bellRepository(db).mailKinds());
    return { mail: Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, mailed.has(kind)])) };
  }

  return {
    async list(db: ScopedDb, query: { page: number; limit: number }): Promise<NotificationListResponse> {
      // An open tab polls this: what came due since the last look is told now, not at the next sweep.
      await notifyDue(db, dueSources);
      const { rows, total, unread } = await bellRepository(db).page({ limit: query.limit, offset: (query.page - 1) * query.limit });
      return { notifications: rows, total, unread, page: query.page, limit: query.limit };
    },

    async markRead(db: ScopedDb, id: string): Promise<NotificationsReadResponse> {
      const bell = bellRepository(db);
      if (!(await bell.markRead(id))) throw notFound(NOTIFICATION_NOT_FOUND);
      return { unread: await bell.unread() };
    },

    async markAllRead(db: ScopedDb): Promise<NotificationsReadResponse> {
      const bell = bellRepository(db);
      await bell.markAllRead();
      return { unread: await bell.unread() };
    },

    preferences,

    async setPreferences(db: ScopedDb, chosen: NotificationPreferences, actor: AuditActor): Promise<NotificationPreferences> {
      const { userId } = userScopeOf(db.scope);
      await db.transaction(async (tx) => {
        await bellRepository(tx).setMailKinds(chosen.mail);
        // Which mail goes to an address is the account's to say: the trail keeps each change.
        await recordAudit(tx, actor, {
          tenantId: null,
          action: 'notification_preferences.updated',
          targetType: 'user',
          targetId: userId,
          details: { mail: chosen.mail },
        });
      });
      return preferences(db);
    },
  };
}

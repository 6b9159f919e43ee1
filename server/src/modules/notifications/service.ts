import {
  NOTIFICATION_KINDS,
  NOTIFICATION_NOT_FOUND,
  type NotificationListResponse,
  type NotificationPreferences,
  type NotificationsReadResponse,
} from '@app/shared/contracts';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/refusal';
import { userScope, type ScopeUser } from '../../tenancy/scope';
import { type AuditActor, recordAudit } from '../audit';
import { notifyDue, type DueSource } from './due';
import { notificationsRepository } from './repository';

export interface NotificationsServiceOptions {
  /** What comes due and tells its user (callbacks; tasks later): checked on each read. */
  dueSources: readonly DueSource[];
}

/** The bell: a user's own notifications, read and marked by them alone, and which kinds they have mailed. */
export function notificationsService(db: Db, { dueSources }: NotificationsServiceOptions) {
  const repo = notificationsRepository(db);

  return {
    async list(user: ScopeUser, query: { page: number; limit: number }): Promise<NotificationListResponse> {
      const scope = userScope(user);
      // An open tab polls this: what came due since the last look is told now, not at the next sweep.
      await notifyDue(db, dueSources, scope);
      const { rows, total, unread } = await repo.page(scope, { limit: query.limit, offset: (query.page - 1) * query.limit });
      return { notifications: rows, total, unread, page: query.page, limit: query.limit };
    },

    async markRead(user: ScopeUser, id: string): Promise<NotificationsReadResponse> {
      const scope = userScope(user);
      if (!(await repo.markRead(scope, id))) throw notFound(NOTIFICATION_NOT_FOUND);
      return { unread: await repo.unread(scope) };
    },

    async markAllRead(user: ScopeUser): Promise<NotificationsReadResponse> {
      const scope = userScope(user);
      await repo.markAllRead(scope);
      return { unread: await repo.unread(scope) };
    },

    async preferences(user: ScopeUser): Promise<NotificationPreferences> {
      const mailed = new Set(await repo.mailKinds(user.id));
      return { mail: Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, mailed.has(kind)])) };
    },

    async setPreferences(user: ScopeUser, preferences: NotificationPreferences, actor: AuditActor): Promise<NotificationPreferences> {
      await db.transaction(async (tx) => {
        await notificationsRepository(tx).setMailKinds(user.id, preferences.mail);
        // Which mail goes to an address is the account's to say: the trail keeps each change.
        await recordAudit(tx, actor, {
          tenantId: null,
          action: 'notification_preferences.updated',
          targetType: 'user',
          targetId: user.id,
          details: { mail: preferences.mail },
        });
      });
      return this.preferences(user);
    },
  };
}

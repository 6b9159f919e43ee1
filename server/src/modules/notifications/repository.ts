import type { Notification, NotificationKind } from '@app/shared/contracts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { changedRows, isoSql, rowsOf, toInt } from '../../db/raw-sql';
import { notificationMailKinds, notifications } from '../../db/schema';
import type { ScopedDbOrTx } from '../../tenancy/database';
import { userScopeOf, type ScopeUser, uuidArray } from '../../tenancy/scope';
import { ACTIVE_STAFF_USER, SCOPE_USER_COLUMNS } from '../../tenancy/scope-user-sql';
import { notificationsSeen } from '../../tenancy/visibility';

/** A notification the sweep may mail, with its user as their scope is built. */
export interface UnmailedNotification {
  id: string;
  tenantId: string;
  to: string;
  text: string;
  link: string | null;
  user: ScopeUser;
}

/** One notification to write: to whom, about what, and where it leads. */
export interface NotificationInput {
  tenantId: string;
  userId: string;
  kind: NotificationKind;
  text: string;
  link?: string | null;
  prospectId?: string | null;
  leadId?: string | null;
  quotationId?: string | null;
  /**
   * Names an event that tells its user once: a second write of the key changes nothing. Only the
   * notified user, or the system, writes a keyed notification (the database shows a user no one
   * else's, so nobody else could tell it is there).
   */
  onceKey?: string;
}

/** The longest sentence a notification keeps (the table's check). */
const TEXT_MAX = 1000;
const clipped = (text: string) => (text.length > TEXT_MAX ? `${text.slice(0, TEXT_MAX - 3)}...` : text);

const values = (input: NotificationInput) => ({
  tenantId: input.tenantId,
  userId: input.userId,
  kind: input.kind,
  text: clipped(input.text),
  link: input.link ?? null,
  prospectId: input.prospectId ?? null,
  leadId: input.leadId ?? null,
  quotationId: input.quotationId ?? null,
  onceKey: input.onceKey ?? null,
});

/** Notifications as written (in the transaction of their event, by any module) and as the sweep mails them. */
export function notificationsRepository(db: DbOrTx) {
  return {
    /** Writes notifications (in the caller's transaction); a keyed one already written is left as it is. */
    async insert(inputs: readonly NotificationInput[]): Promise<void> {
      if (inputs.length === 0) return;
      await db
        .insert(notifications)
        .values(inputs.map(values))
        .onConflictDoNothing({ target: [notifications.tenantId, notifications.userId, notifications.onceKey] });
    },

    /** Writes a keyed notification, or brings the one of that key up to date as unread (an import's running counts, a hand-over's rounds). */
    async upsert(input: NotificationInput & { onceKey: string }): Promise<void> {
      const row = values(input);
      await db
        .insert(notifications)
        .values(row)
        .onConflictDoUpdate({
          target: [notifications.tenantId, notifications.userId, notifications.onceKey],
          set: { text: row.text, link: row.link, prospectId: row.prospectId, leadId: row.leadId, readAt: null, createdAt: sql`now()` },
        });
    },

    /**
     * Notifications not yet mailed whose users asked for their kind by mail (written since they
     * asked), oldest first, with each user's address and what their visibility is built from
     * (system work: the sweep). Only active accounts with staff access get them; older than a day
     * they are left unmailed.
     */
    async unmailed(limit: number): Promise<UnmailedNotification[]> {
      const result = await db.execute(sql`
        select n.id as "notificationId", n.tenant_id as "notificationTenantId", u.email as "to", n.text, n.link, ${SCOPE_USER_COLUMNS}
        from notifications n
        join notification_mail_kinds m on m.user_id = n.user_id and m.kind = n.kind
        join users u on u.id = n.user_id
        where n.mailed_at is null and n.created_at > now() - interval '1 day' and n.created_at >= m.since and ${ACTIVE_STAFF_USER}
        order by n.created_at, n.id
        limit ${limit}`);
      return rowsOf<ScopeUser & { notificationId: string; notificationTenantId: string; to: string; text: string; link: string | null }>(result).map(
        ({ notificationId, notificationTenantId, to, text, link, ...user }) => ({ id: notificationId, tenantId: notificationTenantId, to, text, link, user }),
      );
    },

    async markMailed(tenantId: string, id: string): Promise<void> {
      await db
        .update(notifications)
        .set({ mailedAt: new Date() })
        .where(and(eq(notifications.tenantId, tenantId), eq(notifications.id, id), isNull(notifications.mailedAt)));
    },
  };
}

/**
 * The bell: the signed-in user's own notifications, as their database handle sees them (their
 * tenants, and those about a record only while they see it: tenancy/visibility.ts), and which kinds
 * they have mailed.
 */
export function bellRepository(db: ScopedDbOrTx) {
  const seen = () => notificationsSeen(userScopeOf(db.scope));

  return {
    /** A page of the user's notifications, newest first, with how many there are and how many unread. */
    async page(page: { limit: number; offset: number }): Promise<{ rows: Notification[]; total: number; unread: number }> {
      const where = seen();
      const result = await db.execute(sql`
        select
          (select coalesce(json_agg(r), '[]') from (
            select n.id, n.kind, n.text, n.prospect_id, n.lead_id, n.quotation_id, n.link,
              case when n.read_at is null then null else ${sql.raw(isoSql('n.read_at'))} end as read_at,
              ${sql.raw(isoSql('n.created_at'))} as created_at
            from notifications n where ${where}
            order by n.created_at desc, n.id desc
            limit ${page.limit} offset ${page.offset}) r)::text as rows,
          (select count(*) from notifications n where ${where}) as total,
          (select count(*) from notifications n where ${where} and n.read_at is null) as unread`);
      const [row] = rowsOf<{ rows: string; total: unknown; unread: unknown }>(result);
      return { rows: JSON.parse(row.rows), total: toInt(row.total), unread: toInt(row.unread) };
    },

    /** How many of the user's visible notifications are unread. */
    async unread(): Promise<number> {
      const result = await db.execute(sql`select count(*) as unread from notifications n where ${seen()} and n.read_at is null`);
      return toInt(rowsOf<{ unread: unknown }>(result)[0].unread);
    },

    /** Marks one of the user's visible notifications read; false when there is none such. */
    async markRead(id: string): Promise<boolean> {
      const result = await db.execute(sql`
        update notifications n set read_at = coalesce(n.read_at, now())
        where n.id = ${id} and ${seen()}`);
      return changedRows(result) > 0;
    },

    /** Marks every visible notification of the user read. */
    async markAllRead(): Promise<void> {
      await db.execute(sql`update notifications n set read_at = now() where n.read_at is null and ${seen()}`);
    },

    /** The kinds the user has mailed to them. */
    async mailKinds(): Promise<NotificationKind[]> {
      const { userId } = userScopeOf(db.scope);
      const rows = await db.select({ kind: notificationMailKinds.kind }).from(notificationMailKinds).where(eq(notificationMailKinds.userId, userId));
      return rows.map((row) => row.kind as NotificationKind);
    },

    /** Sets which kinds the user has mailed: those given true are, those given false are not, others stay. */
    async setMailKinds(mail: Partial<Record<NotificationKind, boolean>>): Promise<void> {
      const { userId } = userScopeOf(db.scope);
      const on = Object.entries(mail)
        .filter(([, wanted]) => wanted)
        .map(([kind]) => kind);
      const off = Object.entries(mail)
        .filter(([, wanted]) => !wanted)
        .map(([kind]) => kind);
      if (off.length) await db.delete(notificationMailKinds).where(and(eq(notificationMailKinds.userId, userId), inArray(notificationMailKinds.kind, off)));
      if (on.length)
        await db
          .insert(notificationMailKinds)
          .values(on.map((kind) => ({ userId, kind })))
          .onConflictDoNothing();
    },

    /** Of these notifications of the user, the ids they may see now (as their bell shows them). */
    async visibleIds(ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const result = await db.execute(sql`select n.id from notifications n where n.id = any(${uuidArray(ids)}) and ${seen()}`);
      return new Set(rowsOf<{ id: string }>(result).map((row) => row.id));
    },
  };
}

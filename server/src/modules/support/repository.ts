import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { supportMessages } from '../../db/schema';
import { notFound } from '../../lib/refusal';
import type { ScopedDbOrTx } from '../../tenancy/database';
import { userScopeOf } from '../../tenancy/scope';

export type SupportMessageRow = typeof supportMessages.$inferSelect;
export type NewSupportMessage = Omit<typeof supportMessages.$inferInsert, 'id' | 'createdAt' | 'solvedAt' | 'solvedBy' | 'prospectTenantId' | 'prospectId'>;

/** The Messages page shows at most this many unsolved customer messages, the newest. */
export const INBOX_LIMIT = 1000;

/**
 * Customer messages, through the caller's database handle. They are not tenant-owned (visitors
 * belong to no tenant): who reads them is the rule of tenancy/visibility.ts (readsCustomerMessages),
 * which the database's wall holds too.
 */
export function supportMessagesRepository(db: ScopedDbOrTx) {
  return {
    async insert(values: NewSupportMessage): Promise<SupportMessageRow> {
      const [row] = await db.insert(supportMessages).values(values).returning();
      return row;
    },

    listUnsolved(): Promise<SupportMessageRow[]> {
      return db
        .select()
        .from(supportMessages)
        .where(isNull(supportMessages.solvedAt))
        .orderBy(desc(supportMessages.createdAt), desc(supportMessages.id))
        .limit(INBOX_LIMIT);
    },

    /** Marks a message solved by the caller (solving twice keeps the first time); false when there is no such message. */
    async solve(id: string): Promise<boolean> {
      const updated = await db
        .update(supportMessages)
        .set({ solvedAt: new Date(), solvedBy: userScopeOf(db.scope).userId })
        .where(and(eq(supportMessages.id, id), isNull(supportMessages.solvedAt)))
        .returning({ id: supportMessages.id });
      if (updated.length > 0) return true;
      const [existing] = await db.select({ id: supportMessages.id }).from(supportMessages).where(eq(supportMessages.id, id)).limit(1);
      return Boolean(existing);
    },

    /** A customer message the caller sees; any other id answers not-found. */
    async visible(id: string, detail: string): Promise<SupportMessageRow> {
      const [row] = await db.select().from(supportMessages).where(eq(supportMessages.id, id)).limit(1);
      if (!row) throw notFound(detail);
      return row;
    },

    /**
     * Links the message to the prospect made from it and marks it solved by the caller (keeping an
     * earlier solve). False when its link is no longer `seen` (the prospect id read before, null or
     * one since deleted): another conversion came first, and a message becomes one prospect only.
     */
    async markConverted(id: string, prospect: { tenantId: string; id: string }, seen: string | null): Promise<boolean> {
      const userId = userScopeOf(db.scope).userId;
      const updated = await db
        .update(supportMessages)
        .set({
          prospectTenantId: prospect.tenantId,
          prospectId: prospect.id,
          solvedAt: sql`coalesce(${supportMessages.solvedAt}, now())`,
          solvedBy: sql`coalesce(${supportMessages.solvedBy}, ${userId}::uuid)`,
        })
        .where(and(eq(supportMessages.id, id), seen === null ? isNull(supportMessages.prospectId) : eq(supportMessages.prospectId, seen)))
        .returning({ id: supportMessages.id });
      return updated.length > 0;
    },

    async delete(id: string): Promise<boolean> {
      const rows = await db.delete(supportMessages).where(eq(supportMessages.id, id)).returning({ id: supportMessages.id });
      return rows.length > 0;
    },
  };
}

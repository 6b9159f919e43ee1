import { and, asc, eq, not } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { leads, prospects, statusOptions } from '../../db/schema';

export type StatusOptionRow = typeof statusOptions.$inferSelect;
export type StatusOptionValues = Partial<Pick<StatusOptionRow, 'name' | 'description' | 'sortOrder' | 'isActive' | 'convertsToLead' | 'removesFromProspects'>>;

export function statusOptionsRepository(db: DbOrTx) {
  return {
    /** The tenant of a status option looked up by id alone: by-id calls check access with it first. */
    async tenantOf(id: string): Promise<string | undefined> {
      const [row] = await db.select({ tenantId: statusOptions.tenantId }).from(statusOptions).where(eq(statusOptions.id, id)).limit(1);
      return row?.tenantId;
    },

    list(tenantId: string): Promise<StatusOptionRow[]> {
      return db
        .select()
        .from(statusOptions)
        .where(eq(statusOptions.tenantId, tenantId))
        .orderBy(asc(statusOptions.sortOrder), asc(statusOptions.name));
    },

    async findById(tenantId: string, id: string): Promise<StatusOptionRow | undefined> {
      const [row] = await db
        .select()
        .from(statusOptions)
        .where(and(eq(statusOptions.tenantId, tenantId), eq(statusOptions.id, id)))
        .limit(1);
      return row;
    },

    /** The status new prospects start with: the first active one that neither converts nor removes. */
    async initialId(tenantId: string): Promise<string | null> {
      const [row] = await db
        .select({ id: statusOptions.id })
        .from(statusOptions)
        .where(
          and(
            eq(statusOptions.tenantId, tenantId),
            eq(statusOptions.isActive, true),
            not(statusOptions.convertsToLead),
            not(statusOptions.removesFromProspects),
          ),
        )
        .orderBy(asc(statusOptions.sortOrder), asc(statusOptions.createdAt))
        .limit(1);
      return row?.id ?? null;
    },

    async insert(tenantId: string, values: StatusOptionValues & { name: string }): Promise<StatusOptionRow> {
      const [row] = await db.insert(statusOptions).values({ ...values, tenantId }).returning();
      return row;
    },

    async update(tenantId: string, id: string, values: StatusOptionValues): Promise<StatusOptionRow | undefined> {
      if (Object.keys(values).length === 0) return this.findById(tenantId, id);
      const [row] = await db
        .update(statusOptions)
        .set(values)
        .where(and(eq(statusOptions.tenantId, tenantId), eq(statusOptions.id, id)))
        .returning();
      return row;
    },

    /** Prospects and leads that had the status keep existing without one. */
    async delete(tenantId: string, id: string): Promise<boolean> {
      await db.update(prospects).set({ statusId: null }).where(and(eq(prospects.tenantId, tenantId), eq(prospects.statusId, id)));
      await db.update(leads).set({ statusId: null }).where(and(eq(leads.tenantId, tenantId), eq(leads.statusId, id)));
      const rows = await db
        .delete(statusOptions)
        .where(and(eq(statusOptions.tenantId, tenantId), eq(statusOptions.id, id)))
        .returning({ id: statusOptions.id });
      return rows.length > 0;
    },
  };
}

import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { leads, pipelineStages, prospects } from '../../db/schema';

export type PipelineStageRow = typeof pipelineStages.$inferSelect;
export type PipelineStageValues = Partial<Pick<PipelineStageRow, 'name' | 'description' | 'sortOrder' | 'isActive' | 'color'>>;

export function pipelineStagesRepository(db: DbOrTx) {
  return {
    /** The tenant of a stage looked up by id alone: by-id calls check access with it first. */
    async tenantOf(id: string): Promise<string | undefined> {
      const [row] = await db.select({ tenantId: pipelineStages.tenantId }).from(pipelineStages).where(eq(pipelineStages.id, id)).limit(1);
      return row?.tenantId;
    },

    list(tenantId: string): Promise<PipelineStageRow[]> {
      return db
        .select()
        .from(pipelineStages)
        .where(eq(pipelineStages.tenantId, tenantId))
        .orderBy(asc(pipelineStages.sortOrder), asc(pipelineStages.name));
    },

    async findById(tenantId: string, id: string): Promise<PipelineStageRow | undefined> {
      const [row] = await db
        .select()
        .from(pipelineStages)
        .where(and(eq(pipelineStages.tenantId, tenantId), eq(pipelineStages.id, id)))
        .limit(1);
      return row;
    },

    /** The stage new prospects and leads start in: the first active one by sort order. */
    async initialId(tenantId: string): Promise<string | null> {
      const [row] = await db
        .select({ id: pipelineStages.id })
        .from(pipelineStages)
        .where(and(eq(pipelineStages.tenantId, tenantId), eq(pipelineStages.isActive, true)))
        .orderBy(asc(pipelineStages.sortOrder), asc(pipelineStages.createdAt))
        .limit(1);
      return row?.id ?? null;
    },

    async insert(tenantId: string, values: PipelineStageValues & { name: string }): Promise<PipelineStageRow> {
      const [row] = await db.insert(pipelineStages).values({ ...values, tenantId }).returning();
      return row;
    },

    async update(tenantId: string, id: string, values: PipelineStageValues): Promise<PipelineStageRow | undefined> {
      if (Object.keys(values).length === 0) return this.findById(tenantId, id);
      const [row] = await db
        .update(pipelineStages)
        .set(values)
        .where(and(eq(pipelineStages.tenantId, tenantId), eq(pipelineStages.id, id)))
        .returning();
      return row;
    },

    /** Prospects and leads in the stage keep existing without one. */
    async delete(tenantId: string, id: string): Promise<boolean> {
      await db.update(prospects).set({ pipelineStageId: null }).where(and(eq(prospects.tenantId, tenantId), eq(prospects.pipelineStageId, id)));
      await db.update(leads).set({ pipelineStageId: null }).where(and(eq(leads.tenantId, tenantId), eq(leads.pipelineStageId, id)));
      const rows = await db
        .delete(pipelineStages)
        .where(and(eq(pipelineStages.tenantId, tenantId), eq(pipelineStages.id, id)))
        .returning({ id: pipelineStages.id });
      return rows.length > 0;
    },
  };
}

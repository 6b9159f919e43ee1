import { COMPANY_FIELDS, PHONE_E164_FIELDS } from '@app/shared/contracts';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sumAmounts, type PipelineFigures } from '@app/shared/contracts';
import { leadCounters, leads, pipelineStages } from '../../db/schema';
import { type CompanyPageResult, companyRecordsRepository, filterConditions, isFiltered, type CompanyFilters, keptTotalPages } from '../companies';
import { rowsOf, toInt } from '../../db/raw-sql';
import { andRequestOwner, requestOwnerCondition } from '../../tenancy/owner-scope';

export type LeadRow = typeof leads.$inferSelect;
export type NewLeadValues = Omit<typeof leads.$inferInsert, 'tenantId' | 'id'>;

/** The columns a lead copies from its prospect: the company fields (phones also as E.164), the status, when it was last called and its owner. */
const COPIED_COLUMNS = [...COMPANY_FIELDS, ...PHONE_E164_FIELDS, 'status_id', 'last_contacted', 'owner_id'].map((column) => `"${column}"`).join(', ');

export function leadsRepository(db: DbOrTx) {
  const records = companyRecordsRepository(db, leads);
  const unfilteredPage = keptTotalPages(db, {
    table: 'leads',
    where: (tenantId) => sql`${eq(leads.tenantId, tenantId)}`,
    total: (tenantId) => sql`coalesce((select ${leadCounters.total} from ${leadCounters} where ${leadCounters.tenantId} = ${tenantId}), 0)`,
  });
  return {
    ...records,

    /**
     * One page of the leads, newest first. Unfiltered (the hot path) is one prepared statement
     * that also reads the tenant's counter row for the total.
     */
    async page(tenantId: string, filters: CompanyFilters): Promise<CompanyPageResult> {
      return isFiltered(filters) ? records.page(tenantId, filters) : unfilteredPage(tenantId, filters);
    },

    /**
     * Per stage of the tenant (in order) and in all: how many leads, their value and their weighted
     * value, each lead's value × its probability (its own or its stage's) / 100 rounded to the cent.
     * `where` narrows the leads further (the reports' range, team and visibility).
     */
    async summary(
      tenantId: string,
      { q, ownerId, teamId, where: narrower = [] }: { q?: string; ownerId?: string | null; teamId?: string; where?: (SQL | undefined)[] },
    ): Promise<{ stages: (PipelineFigures & { pipeline_stage_id: string })[]; total: PipelineFigures }> {
      const search = filterConditions(leads, tenantId, { page: 1, limit: 1, q, ownerId, teamId });
      const where = and(eq(leads.tenantId, tenantId), ...search, ...narrower)!;
      const groups = await db
        .select({
          stageId: leads.pipelineStageId,
          count: sql<number>`count(*)::int`,
          value: sql<string>`coalesce(sum(${leads.value}), 0)::numeric(30, 2)::text`,
          weighted: sql<string>`coalesce(sum(round(${leads.value} * coalesce(${leads.probability}, ${pipelineStages.probability}, 0) / 100.0, 2)), 0)::numeric(30, 2)::text`,
        })
        .from(leads)
        .leftJoin(pipelineStages, and(eq(pipelineStages.tenantId, leads.tenantId), eq(pipelineStages.id, leads.pipelineStageId)))
        .where(where)
        .groupBy(leads.pipelineStageId);
      const stageIds = await db
        .select({ id: pipelineStages.id })
        .from(pipelineStages)
        .where(eq(pipelineStages.tenantId, tenantId))
        .orderBy(pipelineStages.sortOrder, pipelineStages.name);
      const byStage = new Map(groups.map((group) => [group.stageId, group]));
      return {
        stages: stageIds.map(({ id }) => {
          const group = byStage.get(id);
          return { pipeline_stage_id: id, count: toInt(group?.count), value: group?.value ?? '0.00', weighted_value: group?.weighted ?? '0.00' };
        }),
        total: {
          count: groups.reduce((sum, group) => sum + toInt(group.count), 0),
          value: sumAmounts(groups.map((group) => group.value)),
          weighted_value: sumAmounts(groups.map((group) => group.weighted)),
        },
      };
    },

    async insert(tenantId: string, values: NewLeadValues): Promise<LeadRow> {
      const [row] = await db
        .insert(leads)
        .values({ ...values, tenantId })
        .returning();
      return row;
    },

    /** A lead made from a prospect: a copy of its company fields, pointing back at it. */
    async insertFromProspect(
      tenantId: string,
      prospectId: string,
      options: { assignedTo: string | null; stageId: string | null },
    ): Promise<string | undefined> {
      const result = await db.execute(sql`
        insert into leads (tenant_id, prospect_id, ${sql.raw(COPIED_COLUMNS)}, pipeline_stage_id, assigned_to)
        select tenant_id, id, ${sql.raw(COPIED_COLUMNS)}, coalesce(pipeline_stage_id, ${options.stageId}::uuid), ${options.assignedTo}::uuid
        from prospects where tenant_id = ${tenantId} and id = ${prospectId} ${andRequestOwner(sql.raw('owner_id'))}
        returning id`);
      return rowsOf<{ id: string }>(result)[0]?.id;
    },

    async update(tenantId: string, id: string, values: Partial<NewLeadValues>): Promise<boolean> {
      const rows = await db
        .update(leads)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(leads.tenantId, tenantId), eq(leads.id, id), requestOwnerCondition(leads.ownerId)))
        .returning({ id: leads.id });
      return rows.length > 0;
    },

    /** The deleted lead's name, or undefined when there was none. */
    async delete(tenantId: string, id: string): Promise<{ name: string } | undefined> {
      const [row] = await db
        .delete(leads)
        .where(and(eq(leads.tenantId, tenantId), eq(leads.id, id), requestOwnerCondition(leads.ownerId)))
        .returning({ name: leads.name });
      return row;
    },
  };
}

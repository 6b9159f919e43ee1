import { COMPANY_FIELDS, type DealSummary, PHONE_STORED_FIELDS, sumAmounts } from '@app/shared/contracts';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { leadCounters, leads, pipelineStages } from '../../db/schema';
import type { ScopedDbOrTx } from '../../tenancy/database';
import {
  type CompanyPageResult,
  companyRecordsRepository,
  filterConditions,
  isFiltered,
  type CompanyFilters,
  keptTotalPages,
  leadProbability,
  stageProbability,
} from '../companies';
import { rowsOf, toInt } from '../../db/raw-sql';
import { andOwnerFilter, ownerFilter } from '../../tenancy/scope';

export type LeadRow = typeof leads.$inferSelect;
export type NewLeadValues = Omit<typeof leads.$inferInsert, 'tenantId' | 'id'>;

/** The columns a lead copies from its prospect: the company fields (phones also as E.164), the status, when it was last called and its owner. */
const COPIED_COLUMNS = [...COMPANY_FIELDS, ...PHONE_STORED_FIELDS, 'status_id', 'last_contacted', 'owner_id'].map((column) => `"${column}"`).join(', ');

/** The lead's probability (the one every figure uses) and its stage's, in a statement over leads left-joined to pipeline_stages. */
const probability = () => sql<number>`${sql.raw(leadProbability('"leads"', '"pipeline_stages"'))}`;
const PROBABILITIES = {
  effectiveProbability: probability(),
  stageProbability: sql<number>`${sql.raw(stageProbability('"pipeline_stages"'))}`,
};

/** Leads as the caller's database handle sees them (db.scope: the owners whose leads they see). */
export function leadsRepository(db: ScopedDbOrTx) {
  const records = companyRecordsRepository(db, leads, undefined, PROBABILITIES);
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
      return isFiltered(db.scope, filters) ? records.page(tenantId, filters) : unfilteredPage(tenantId, filters);
    },

    /**
     * The deals of the search (sales-figures.md): per stage of the tenant (in order) how many leads
     * and their value, with the weighted value of an open stage; the pipeline (the open deals, those
     * without a stage too) with its weighted value, each deal's value × its probability / 100 half up
     * to the cent, summed; and the won and the lost deals beside it. `where` narrows the leads
     * further (the reports' range, team and visibility).
     */
    async summary(
      tenantId: string,
      { q, ownerId, teamId, where: narrower = [] }: { q?: string; ownerId?: string | null; teamId?: string; where?: (SQL | undefined)[] },
    ): Promise<DealSummary> {
      const search = filterConditions(db.scope, leads, tenantId, { page: 1, limit: 1, q, ownerId, teamId });
      const where = and(eq(leads.tenantId, tenantId), ...search, ...narrower)!;
      const groups = await db
        .select({
          stageId: leads.pipelineStageId,
          // No stage: an open deal.
          kind: sql<string>`coalesce(${pipelineStages.kind}, 'open')`,
          count: sql<number>`count(*)::int`,
          value: sql<string>`coalesce(sum(${leads.value}), 0)::numeric(30, 2)::text`,
          weighted: sql<string>`coalesce(sum(round(${leads.value} * ${probability()} / 100.0, 2)), 0)::numeric(30, 2)::text`,
        })
        .from(leads)
        .leftJoin(pipelineStages, and(eq(pipelineStages.tenantId, leads.tenantId), eq(pipelineStages.id, leads.pipelineStageId)))
        .where(where)
        .groupBy(leads.pipelineStageId, pipelineStages.kind);
      const tenantStages = await db
        .select({ id: pipelineStages.id, kind: pipelineStages.kind })
        .from(pipelineStages)
        .where(eq(pipelineStages.tenantId, tenantId))
        .orderBy(pipelineStages.sortOrder, pipelineStages.name);
      const byStage = new Map(groups.map((group) => [group.stageId, group]));
      const ofKind = (kind: string) => {
        const of = groups.filter((group) => group.kind === kind);
        return {
          count: of.reduce((sum, group) => sum + toInt(group.count), 0),
          value: sumAmounts(of.map((group) => group.value)),
          weighted_value: sumAmounts(of.map((group) => group.weighted)),
        };
      };
      const { weighted_value: _wonWeighted, ...won } = ofKind('won');
      const { weighted_value: _lostWeighted, ...lost } = ofKind('lost');
      return {
        stages: tenantStages.map(({ id, kind }) => {
          const group = byStage.get(id);
          return {
            pipeline_stage_id: id,
            count: toInt(group?.count),
            value: group?.value ?? '0.00',
            // Weighted values are the pipeline's: won and lost deals have none.
            weighted_value: kind === 'open' ? (group?.weighted ?? '0.00') : null,
          };
        }),
        pipeline: ofKind('open'),
        won,
        lost,
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
        from prospects where tenant_id = ${tenantId} and id = ${prospectId} ${andOwnerFilter(sql.raw('owner_id'), db.scope)}
        returning id`);
      return rowsOf<{ id: string }>(result)[0]?.id;
    },

    async update(tenantId: string, id: string, values: Partial<NewLeadValues>): Promise<boolean> {
      const rows = await db
        .update(leads)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(leads.tenantId, tenantId), eq(leads.id, id), ownerFilter(leads.ownerId, db.scope)))
        .returning({ id: leads.id });
      return rows.length > 0;
    },

    /** The deleted lead's name, or undefined when there was none. */
    async delete(tenantId: string, id: string): Promise<{ name: string } | undefined> {
      const [row] = await db
        .delete(leads)
        .where(and(eq(leads.tenantId, tenantId), eq(leads.id, id), ownerFilter(leads.ownerId, db.scope)))
        .returning({ name: leads.name });
      return row;
    },
  };
}

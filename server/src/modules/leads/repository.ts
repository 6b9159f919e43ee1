import { and, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { leads, pipelineStages, statusOptions } from '../../db/schema';
import { companyPageBody, companyPageQuery } from '../crm-shared/company-page';
import { filterConditions, recordTenant, recordView, stageJoin, statusJoin, type CompanyFilters } from '../crm-shared/company-record';
import { rowsOf, toInt } from '../crm-shared/sql-rows';

export type LeadRow = typeof leads.$inferSelect;
export type NewLeadValues = Omit<typeof leads.$inferInsert, 'tenantId' | 'id'>;

const leadView = recordView(leads);

/** Pages up to this depth read rows straight off the index; deeper ones take ids first. */
const SHALLOW_OFFSET = 1000;

/** The company columns a lead copies from its prospect. */
const COPIED_COLUMNS = [
  'name',
  'phone1',
  'phone2',
  'phone3',
  'email',
  'industry',
  'city',
  'website',
  'anchor_href_link',
  'manager',
  'employees',
  'founding_date',
  'address',
  'description',
  'status_id',
  'last_contacted',
].map((column) => `"${column}"`).join(', ');

export function leadsRepository(db: DbOrTx) {
  return {
    /** The tenant of a lead looked up by id alone: by-id calls check access with it first. */
    tenantOf(id: string): Promise<string | undefined> {
      return recordTenant(db, leads, id);
    },

    async findById(tenantId: string, id: string) {
      const [row] = await db
        .select(leadView)
        .from(leads)
        .leftJoin(statusOptions, statusJoin(leads))
        .leftJoin(pipelineStages, stageJoin(leads))
        .where(and(eq(leads.tenantId, tenantId), eq(leads.id, id)))
        .limit(1);
      return row;
    },

    /** One page of the tenant's leads, newest first, as the answer's JSON with the total of the same filters. */
    async listJson(tenantId: string, filters: CompanyFilters): Promise<string> {
      const where = and(eq(leads.tenantId, tenantId), ...filterConditions(leads, filters))!;
      const offset = (filters.page - 1) * filters.limit;
      const [result] = await companyPageQuery(db, { table: 'leads', where, limit: filters.limit, offset, deep: offset > SHALLOW_OFFSET });
      return companyPageBody('leads', result, filters, async () => {
        const [total] = await db.select({ n: count() }).from(leads).where(where);
        return toInt(total?.n);
      });
    },

    async insert(tenantId: string, values: NewLeadValues): Promise<LeadRow> {
      const [row] = await db.insert(leads).values({ ...values, tenantId }).returning();
      return row;
    },

    /** A lead made from a prospect: a copy of its company fields, pointing back at it. */
    async insertFromProspect(tenantId: string, prospectId: string, options: { assignedTo: string | null; stageId: string | null }): Promise<string | undefined> {
      const result = await db.execute(sql`
        insert into leads (tenant_id, prospect_id, ${sql.raw(COPIED_COLUMNS)}, pipeline_stage_id, assigned_to)
        select tenant_id, id, ${sql.raw(COPIED_COLUMNS)}, coalesce(pipeline_stage_id, ${options.stageId}::uuid), ${options.assignedTo}::uuid
        from prospects where tenant_id = ${tenantId} and id = ${prospectId}
        returning id`);
      return rowsOf<{ id: string }>(result)[0]?.id;
    },

    async update(tenantId: string, id: string, values: Partial<NewLeadValues>): Promise<boolean> {
      const rows = await db
        .update(leads)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(leads.tenantId, tenantId), eq(leads.id, id)))
        .returning({ id: leads.id });
      return rows.length > 0;
    },

    async delete(tenantId: string, id: string): Promise<boolean> {
      const rows = await db.delete(leads).where(and(eq(leads.tenantId, tenantId), eq(leads.id, id))).returning({ id: leads.id });
      return rows.length > 0;
    },
  };
}

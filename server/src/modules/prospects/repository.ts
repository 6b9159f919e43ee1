import { and, count, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pipelineStages, prospectCounters, prospects, searchText, statusOptions, type ProspectState } from '../../db/schema';
import { containsPattern, rowsOf, toInt } from '../crm-shared/sql-rows';

export type ProspectRow = typeof prospects.$inferSelect;
export type NewProspectValues = Omit<typeof prospects.$inferInsert, 'tenantId' | 'id'>;

const prospectView = {
  ...getTableColumns(prospects),
  statusName: statusOptions.name,
  stageName: pipelineStages.name,
  stageColor: pipelineStages.color,
};

export interface ProspectFilters {
  page: number;
  limit: number;
  q?: string;
  statusId?: string;
  stageId?: string;
}

/**
 * Written into the SQL, not sent as a parameter: only a literal lets PostgreSQL match the
 * partial indexes (WHERE state = 'active') in a plan it can reuse for every tenant.
 */
const isActive = sql`${prospects.state} = 'active'`;

const statusJoin = and(eq(statusOptions.tenantId, prospects.tenantId), eq(statusOptions.id, prospects.statusId));
const stageJoin = and(eq(pipelineStages.tenantId, prospects.tenantId), eq(pipelineStages.id, prospects.pipelineStageId));

/** The columns a bulk insert fills from arrays, in the order of the unnest() call. */
export const BULK_COLUMNS = [
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
  'phone_digits',
] as const;
export type BulkColumn = (typeof BULK_COLUMNS)[number];
export type BulkRow = Record<BulkColumn, string | null>;

/** Pages up to this depth read rows straight off the index; deeper ones take ids first (deferred join). */
const SHALLOW_OFFSET = 1000;

/**
 * The unfiltered page with its total (the tenant's counter row, an InitPlan run once) in one
 * round trip, prepared once per connection. Page 1 has its limit written into the statement and
 * no offset, so PostgreSQL settles on one generic plan and stops planning it (planning the
 * joins costs more than running them); later pages pass limit and offset as parameters, and
 * deep ones take the page's ids from the index first.
 */
function pageStatement(db: DbOrTx, shape: { firstPageLimit: number } | 'shallow' | 'deep') {
  const tenantId = sql.placeholder('tenantId');
  const selection = {
    ...prospectView,
    total: sql<number>`(select ${prospectCounters.active} from ${prospectCounters} where ${prospectCounters.tenantId} = ${tenantId})`,
  };
  const active = and(eq(prospects.tenantId, tenantId), isActive);
  const newestFirst = [desc(prospects.createdAt), desc(prospects.id)];
  if (shape === 'deep') {
    const pageIds = db
      .select({ pageId: prospects.id, pageCreatedAt: prospects.createdAt })
      .from(prospects)
      .where(active)
      .orderBy(...newestFirst)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .as('page');
    return db
      .select(selection)
      .from(pageIds)
      .innerJoin(prospects, and(eq(prospects.tenantId, tenantId), eq(prospects.id, pageIds.pageId)))
      .leftJoin(statusOptions, statusJoin)
      .leftJoin(pipelineStages, stageJoin)
      .orderBy(desc(pageIds.pageCreatedAt), desc(pageIds.pageId))
      .prepare('prospects_page_deep');
  }
  const query = db.select(selection).from(prospects).leftJoin(statusOptions, statusJoin).leftJoin(pipelineStages, stageJoin).where(active).orderBy(...newestFirst);
  if (shape === 'shallow') return query.limit(sql.placeholder('limit')).offset(sql.placeholder('offset')).prepare('prospects_page');
  // drizzle writes an SQL object into the statement as it is (a number would become a parameter).
  const literalLimit = sql.raw(String(Math.trunc(shape.firstPageLimit))) as unknown as number;
  return query.limit(literalLimit).prepare(`prospects_first_page_${shape.firstPageLimit}`);
}

export function prospectsRepository(db: DbOrTx) {
  // At most 100 first-page shapes (limit 1..100) plus two.
  const statements = new Map<number | string, ReturnType<typeof pageStatement>>();
  return {
    /** The tenant of a prospect looked up by id alone: by-id calls check access with it first. */
    async tenantOf(id: string): Promise<string | undefined> {
      const [row] = await db.select({ tenantId: prospects.tenantId }).from(prospects).where(eq(prospects.id, id)).limit(1);
      return row?.tenantId;
    },

    async findById(tenantId: string, id: string) {
      const [row] = await db
        .select(prospectView)
        .from(prospects)
        .leftJoin(statusOptions, statusJoin)
        .leftJoin(pipelineStages, stageJoin)
        .where(and(eq(prospects.tenantId, tenantId), eq(prospects.id, id)))
        .limit(1);
      return row;
    },

    /** Row lock for changes that depend on the current state (status change, delete). */
    async lock(tenantId: string, id: string): Promise<{ state: ProspectState } | undefined> {
      const [row] = await db
        .select({ state: prospects.state })
        .from(prospects)
        .where(and(eq(prospects.tenantId, tenantId), eq(prospects.id, id)))
        .for('update');
      return row;
    },

    /**
     * One page of the active prospects, newest first. Unfiltered (the hot path) is one prepared
     * statement that also reads the tenant's counter row for the total. Filtered, a page that is
     * not full gives the total itself; otherwise it is a count(*) over the filtered set.
     * Pages deeper than SHALLOW_OFFSET take their ids from the index first (a deferred join),
     * so the rows skipped are never read from the table.
     */
    async list(tenantId: string, filters: ProspectFilters) {
      const offset = (filters.page - 1) * filters.limit;
      const filtered = Boolean(filters.q || filters.statusId || filters.stageId);
      if (!filtered) {
        const shape = offset === 0 ? { firstPageLimit: filters.limit } : offset > SHALLOW_OFFSET ? 'deep' : 'shallow';
        const key = typeof shape === 'object' ? shape.firstPageLimit : shape;
        let statement = statements.get(key);
        if (!statement) statements.set(key, (statement = pageStatement(db, shape)));
        const rows = await statement.execute({ tenantId, limit: filters.limit, offset });
        // Past the last page there is no row to carry the total.
        const total = rows.length > 0 ? toInt(rows[0].total) : await prospectCountersRepository(db).get(tenantId);
        return { rows, total };
      }

      const conditions: SQL[] = [eq(prospects.tenantId, tenantId), isActive];
      if (filters.statusId) conditions.push(eq(prospects.statusId, filters.statusId));
      if (filters.stageId) conditions.push(eq(prospects.pipelineStageId, filters.stageId));
      if (filters.q) conditions.push(sql`${searchText(prospects)} like ${containsPattern(filters.q)}`);
      const where = and(...conditions);
      const newestFirst = [desc(prospects.createdAt), desc(prospects.id)];
      let rowsQuery;
      if (offset <= SHALLOW_OFFSET) {
        rowsQuery = db
          .select(prospectView)
          .from(prospects)
          .leftJoin(statusOptions, statusJoin)
          .leftJoin(pipelineStages, stageJoin)
          .where(where)
          .orderBy(...newestFirst)
          .limit(filters.limit)
          .offset(offset);
      } else {
        const pageIds = db
          .select({ pageId: prospects.id, pageCreatedAt: prospects.createdAt })
          .from(prospects)
          .where(where)
          .orderBy(...newestFirst)
          .limit(filters.limit)
          .offset(offset)
          .as('page');
        rowsQuery = db
          .select(prospectView)
          .from(pageIds)
          .innerJoin(prospects, and(eq(prospects.tenantId, tenantId), eq(prospects.id, pageIds.pageId)))
          .leftJoin(statusOptions, statusJoin)
          .leftJoin(pipelineStages, stageJoin)
          .orderBy(desc(pageIds.pageCreatedAt), desc(pageIds.pageId));
      }
      const rows = await rowsQuery;
      // A page that is not full ends the list, so it tells the total: a rare search needs no count.
      if (rows.length < filters.limit && (rows.length > 0 || offset === 0)) return { rows, total: offset + rows.length };
      const [total] = await db.select({ n: count() }).from(prospects).where(where);
      return { rows, total: toInt(total?.n) };
    },

    async insert(tenantId: string, values: NewProspectValues): Promise<ProspectRow> {
      const [row] = await db.insert(prospects).values({ ...values, tenantId }).returning();
      return row;
    },

    async update(tenantId: string, id: string, values: Partial<NewProspectValues>): Promise<boolean> {
      const rows = await db
        .update(prospects)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(prospects.tenantId, tenantId), eq(prospects.id, id)))
        .returning({ id: prospects.id });
      return rows.length > 0;
    },

    /** Deletes the prospect (its lead and notes go with it); answers the state it had. */
    async delete(tenantId: string, id: string): Promise<ProspectState | undefined> {
      const [row] = await db
        .delete(prospects)
        .where(and(eq(prospects.tenantId, tenantId), eq(prospects.id, id)))
        .returning({ state: prospects.state });
      return row?.state;
    },

    /** Names of the tenant's prospects that already hold these phone digits, by digits. */
    async phonesTaken(tenantId: string, digits: string[]): Promise<Map<string, string>> {
      const taken = new Map<string, string>();
      if (digits.length === 0) return taken;
      const result = await db.execute(
        sql`select phone_digits, name from prospects where tenant_id = ${tenantId} and phone_digits = any(${sql.param(digits)}::text[])`,
      );
      for (const row of rowsOf<{ phone_digits: string; name: string }>(result)) taken.set(row.phone_digits, row.name);
      return taken;
    },

    async phoneTakenBy(tenantId: string, digits: string, exceptId?: string): Promise<string | undefined> {
      if (!digits) return undefined;
      const [row] = await db
        .select({ id: prospects.id, name: prospects.name })
        .from(prospects)
        .where(and(eq(prospects.tenantId, tenantId), eq(prospects.phoneDigits, digits)))
        .limit(1);
      return row && row.id !== exceptId ? row.name : undefined;
    },

    /**
     * Inserts many rows in one statement: one array per column, unnest()ed back into rows
     * (a fraction of the cost of one INSERT per row). Rows whose phone another transaction
     * inserted meanwhile are skipped, not failed. Answers the phone digits of the rows inserted.
     * The first row of the upload gets the newest created_at, so the list shows it on top.
     */
    async bulkInsert(tenantId: string, rows: BulkRow[], defaults: { statusId: string | null; stageId: string | null }): Promise<string[]> {
      if (rows.length === 0) return [];
      const arrays = BULK_COLUMNS.map((column) => sql`${sql.param(rows.map((row) => row[column]))}::text[]`);
      const columns = sql.raw(BULK_COLUMNS.map((column) => `"${column}"`).join(', '));
      const result = await db.execute(sql`
        insert into prospects (tenant_id, ${columns}, status_id, pipeline_stage_id, created_at, updated_at)
        select ${tenantId}::uuid, ${sql.raw(BULK_COLUMNS.map((column) => `u."${column}"`).join(', '))},
               ${defaults.statusId}::uuid, ${defaults.stageId}::uuid, now() - u.ord * interval '1 microsecond', now()
        from unnest(${sql.join(arrays, sql`, `)}) with ordinality as u(${columns}, ord)
        on conflict (tenant_id, phone_digits) where phone_digits <> '' do nothing
        returning phone_digits`);
      return rowsOf<{ phone_digits: string }>(result).map((row) => row.phone_digits);
    },
  };
}

export function prospectCountersRepository(db: DbOrTx) {
  return {
    /** Adds to the tenant's active prospects total; creates the row if the tenant has none. */
    async add(tenantId: string, delta: number): Promise<void> {
      if (delta === 0) return;
      await db
        .insert(prospectCounters)
        .values({ tenantId, active: Math.max(0, delta) })
        .onConflictDoUpdate({ target: prospectCounters.tenantId, set: { active: sql`${prospectCounters.active} + ${delta}` } });
    },

    async get(tenantId: string): Promise<number> {
      const [row] = await db.select({ n: prospectCounters.active }).from(prospectCounters).where(eq(prospectCounters.tenantId, tenantId));
      return row?.n ?? 0;
    },
  };
}

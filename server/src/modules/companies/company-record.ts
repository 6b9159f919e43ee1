import { pageOffset, phoneSearchTerms } from '@app/shared/contracts';
import { and, count, eq, getTableColumns, getTableName, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { hasInvalidPhone, leads, pipelineStages, prospects, statusOptions } from '../../db/schema';
import { notFound } from '../../lib/refusal';
import type { ScopedDbOrTx } from '../../tenancy/database';
import { companyPageQuery, companyRecordAnswer, type CompanyPageResult, type CompanyTable, type PageOrder } from './company-page';
import { containsPattern, toInt } from '../../db/raw-sql';
import { type ExportRow, forEachExportBatch } from './company-export';
import { ownerFilter, teamFilter, tenantFilter, type Scope, type ValueBinder } from '../../tenancy/scope';

/** Prospects and leads: the same company fields, status and stage, each in its own table. */
type CompanyRecords = typeof prospects | typeof leads;

export interface CompanyFilters {
  page: number;
  limit: number;
  q?: string;
  statusId?: string;
  stageId?: string;
  /** Keyset paging: only the records after this one (older, in list order); the page number is then ignored. */
  afterId?: string;
  /** Only records with a phone whose text is not a number (prospects). */
  invalidPhone?: boolean;
  /** Only records of this owner; null: unassigned ones. */
  ownerId?: string | null;
  /** Only records owned by a member of this team. */
  teamId?: string;
  /** Another order than newest first (leads by value or close date); keyset paging needs the default. */
  order?: PageOrder;
}

/** Pages up to this depth read rows straight off the index; deeper ones take ids first (deferred join). */
export const SHALLOW_OFFSET = 1000;

/** A row of either table with the names its status and stage ids point at. */
function recordView<T extends CompanyRecords>(table: T) {
  return {
    ...getTableColumns(table),
    statusName: statusOptions.name,
    stageName: pipelineStages.name,
    stageColor: pipelineStages.color,
  };
}
type RecordView<T extends CompanyRecords> = T['$inferSelect'] & {
  statusName: string | null;
  stageName: string | null;
  stageColor: string | null;
};
/** Expressions a table selects besides its columns and names (over the record and its left-joined stage). */
type ExtraColumns = Record<string, SQL>;
type ExtraValues<E extends ExtraColumns> = { [K in keyof E]: E[K] extends SQL<infer U> ? U : never };

/** The left joins that bring the status and stage names (both within the record's tenant). */
const statusJoin = (table: CompanyRecords) => and(eq(statusOptions.tenantId, table.tenantId), eq(statusOptions.id, table.statusId));
const stageJoin = (table: CompanyRecords) => and(eq(pipelineStages.tenantId, table.tenantId), eq(pipelineStages.id, table.pipelineStageId));

/** `q`'s condition, given q as a LIKE pattern (containsPattern) or a prepared statement's placeholder for one. */
export function matchesSearch(table: CompanyRecords, pattern: string | SQLWrapper): SQL {
  return sql`${table.searchText} like ${pattern}`;
}

/**
 * How a filter's values reach its SQL: each as a bound parameter (a list's statement), or as a named
 * placeholder of a statement prepared once per shape of filter (the call queue), the value then
 * going with each execution. `name` is unique within one filter.
 */
export type FilterBinder = ValueBinder;

/** Each value as a bound parameter of the statement. */
export const bindValues: FilterBinder = (_name, value) => sql.param(value);

/** The search terms of q: its composed text, and, when it reads as a phone, its digits (see filterConditions). */
export function searchTerms(q: string): string[] {
  // Composed (NFC), as most keyboards write a record's text: 'Cafe' and a combining accent, as
  // some keyboards and pasted text send it, finds 'Café'.
  const composed = q.normalize('NFC');
  return [composed, ...phoneSearchTerms(composed)];
}

/**
 * The list's status, stage, invalid-phone and `q` filters (q: a case-insensitive substring of
 * name, email or phone1, or, when it reads as a phone, of phone1's E.164 digits), and the keyset.
 * The one writer of a list's filter: the lists, the pipeline summary, exports, bulk assignment and
 * the call queue all read their records through it.
 */
export function filterConditions(scope: Scope, table: CompanyRecords, tenantId: string, filters: CompanyFilters, bind: FilterBinder = bindValues): SQL[] {
  // Only the records the caller sees (own, team or all); the owner wall checks it again.
  const seen = ownerFilter(table.ownerId, scope, bind);
  const conditions: SQL[] = seen ? [seen] : [];
  if (filters.afterId) {
    // One row looked up by its key; (created_at, id) then walks the same index as the list's order.
    const after = sql`(select a.created_at, a.id from ${sql.raw(getTableName(table))} a where a.tenant_id = ${tenantId} and a.id = ${bind('afterId', filters.afterId)})`;
    conditions.push(sql`(${table.createdAt}, ${table.id}) < ${after}`);
  }
  if (filters.statusId) conditions.push(eq(table.statusId, bind('statusId', filters.statusId)));
  if (filters.stageId) conditions.push(eq(table.pipelineStageId, bind('stageId', filters.stageId)));
  if (filters.invalidPhone) conditions.push(hasInvalidPhone);
  if (filters.ownerId !== undefined) conditions.push(filters.ownerId === null ? isNull(table.ownerId) : eq(table.ownerId, bind('ownerId', filters.ownerId)));
  if (filters.teamId) conditions.push(teamFilter(table.ownerId, tenantId, filters.teamId));
  if (filters.q) {
    // Each term is its own LIKE on the trigram index (a bitmap OR), so the search stays index-served.
    const terms = searchTerms(filters.q);
    conditions.push(or(...terms.map((term, index) => matchesSearch(table, bind(`q${index}`, containsPattern(term)))))!);
  }
  return conditions;
}

/** Whether the list is narrower than the tenant's kept total: filtered, or the caller sees only some owners' records. */
export function isFiltered(scope: Scope, filters: CompanyFilters): boolean {
  return hasListFilters(filters) || scope.owners !== 'all';
}

/** Whether the list's own filters (not the caller's visibility) narrow it. */
export function hasListFilters(filters: CompanyFilters): boolean {
  return Boolean(
    filters.q ||
    filters.statusId ||
    filters.stageId ||
    filters.afterId ||
    filters.invalidPhone ||
    filters.order ||
    filters.ownerId !== undefined ||
    filters.teamId,
  );
}

/** An owner filter (`me`, `none` or a user id) as the owner it names: null for none, undefined for no filter. */
export function ownerOf(filter: string | undefined, callerId: string | undefined): string | null | undefined {
  if (filter === undefined) return undefined;
  if (filter === 'none') return null;
  // The contract lets `me` through only on routes that sign the caller in.
  return filter === 'me' ? (callerId ?? null) : filter;
}

/**
 * The list's query string (both lists take the same one) as repository filters; an empty q is none.
 * `orders` names the orders a list's `sort` may choose (a name missing there is newest first).
 */
export function companyFilters(
  query: {
    page: number;
    limit: number;
    q?: string;
    status_id?: string;
    pipeline_stage_id?: string;
    after?: string;
    invalid_phone?: boolean;
    sort?: string;
    owner_id?: string;
    team_id?: string;
  },
  orders: Partial<Record<string, PageOrder>> = {},
  callerId?: string,
): CompanyFilters {
  return {
    ownerId: ownerOf(query.owner_id, callerId),
    teamId: query.team_id,
    order: query.sort ? orders[query.sort] : undefined,
    page: query.page,
    limit: query.limit,
    q: query.q || undefined,
    statusId: query.status_id,
    stageId: query.pipeline_stage_id,
    afterId: query.after,
    invalidPhone: query.invalid_phone || undefined,
  };
}

/**
 * What the prospects and leads repositories share: lookups by id and the filtered list, as the
 * caller's database handle sees them (db.scope: the owners whose records they see, the tenants they use).
 * `listed` is what a record must be to be listed at all (prospects: active ones); `extra`, what
 * findById selects besides the record's columns (leads: their probabilities).
 */
export function companyRecordsRepository<T extends CompanyRecords, E extends ExtraColumns = Record<never, SQL>>(
  db: ScopedDbOrTx,
  table: T,
  listed?: SQL,
  extra?: E,
) {
  const records = table as CompanyRecords;
  const name = getTableName(records) as CompanyTable;
  const seen = () => ownerFilter(records.ownerId, db.scope);
  const listWhere = (tenantId: string, filters: CompanyFilters) =>
    and(eq(records.tenantId, tenantId), listed, ...filterConditions(db.scope, records, tenantId, filters))!;
  const view = (where: SQL | undefined) =>
    db
      .select({ ...recordView(records), ...extra })
      .from(records)
      .leftJoin(statusOptions, statusJoin(records))
      .leftJoin(pipelineStages, stageJoin(records))
      .where(where)
      .limit(1);

  return {
    /** The tenant of a record looked up by id alone, when the caller sees it (in a tenant they use). */
    async tenantOf(id: string): Promise<string | undefined> {
      const [row] = await db
        .select({ tenantId: records.tenantId })
        .from(records)
        .where(and(eq(records.id, id), tenantFilter(records.tenantId, db.scope), seen()))
        .limit(1);
      return row?.tenantId;
    },

    /**
     * A record by id alone that the caller sees, in a tenant they use, with its status and stage
     * names; any other answers not-found (`notFoundDetail`): another tenant's id tells nothing.
     */
    async visible(id: string, notFoundDetail: string): Promise<RecordView<T> & ExtraValues<E>> {
      const [row] = await view(and(eq(records.id, id), tenantFilter(records.tenantId, db.scope), seen()));
      if (!row) throw notFound(notFoundDetail);
      return row as RecordView<T> & ExtraValues<E>;
    },

    async findById(tenantId: string, id: string): Promise<(RecordView<T> & ExtraValues<E>) | undefined> {
      const [row] = await view(and(eq(records.tenantId, tenantId), eq(records.id, id), seen()));
      return row as (RecordView<T> & ExtraValues<E>) | undefined;
    },

    /** The record as its answer (Prospect or Lead), written by the same SQL as the list's rows. */
    async answerById<Answer>(tenantId: string, id: string): Promise<Answer | undefined> {
      return companyRecordAnswer<Answer>(db, name, and(eq(records.tenantId, tenantId), eq(records.id, id), seen())!);
    },

    /** One page of the listed records, newest first, as the answer's JSON rows (see company-page.ts). */
    async page(tenantId: string, filters: CompanyFilters): Promise<CompanyPageResult> {
      const offset = filters.afterId ? 0 : pageOffset(filters);
      const where = listWhere(tenantId, filters);
      const [result] = await companyPageQuery(db, {
        table: name,
        where,
        limit: filters.limit,
        offset,
        deep: offset > SHALLOW_OFFSET,
        order: filters.order,
      });
      return result;
    },

    /**
     * Every row of the list with these filters (no paging), in its order, batch by batch through a
     * cursor (company-export.ts): what an export writes. Answers how many rows there were.
     */
    async forEachExportBatch<Row>(tenantId: string, filters: CompanyFilters, onBatch: (rows: ExportRow<Row>[]) => Promise<void>): Promise<number> {
      return forEachExportBatch<Row>(db, { table: name, where: listWhere(tenantId, { ...filters, afterId: undefined }), order: filters.order }, onBatch);
    },

    /** How many records the list holds with these filters (all of them, wherever a keyset page starts). */
    async count(tenantId: string, filters: CompanyFilters): Promise<number> {
      const [total] = await db
        .select({ n: count() })
        .from(records)
        .where(listWhere(tenantId, { ...filters, afterId: undefined }));
      return toInt(total?.n);
    },
  };
}

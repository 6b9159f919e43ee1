import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { leads, pipelineStages, prospects, searchText, statusOptions } from '../../db/schema';
import { containsPattern } from './sql-rows';

/** Prospects and leads: the same company fields, status and stage, each in its own table. */
type CompanyRecords = typeof prospects | typeof leads;

export interface CompanyFilters {
  page: number;
  limit: number;
  q?: string;
  statusId?: string;
  stageId?: string;
}

/** A row of either table with the names its status and stage ids point at. */
export function recordView<T extends CompanyRecords>(table: T) {
  return { ...getTableColumns(table), statusName: statusOptions.name, stageName: pipelineStages.name, stageColor: pipelineStages.color };
}

/** The tenant of a record looked up by id alone: by-id calls check access with it first. */
export async function recordTenant(db: DbOrTx, table: CompanyRecords, id: string): Promise<string | undefined> {
  const [row] = await db.select({ tenantId: table.tenantId }).from(table).where(eq(table.id, id)).limit(1);
  return row?.tenantId;
}

/** The left joins that bring the status and stage names (both within the record's tenant). */
export const statusJoin = (table: CompanyRecords) => and(eq(statusOptions.tenantId, table.tenantId), eq(statusOptions.id, table.statusId));
export const stageJoin = (table: CompanyRecords) => and(eq(pipelineStages.tenantId, table.tenantId), eq(pipelineStages.id, table.pipelineStageId));

/** The list's status, stage and `q` filters (q: a case-insensitive substring of name, email or phone1). */
export function filterConditions(table: CompanyRecords, filters: CompanyFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.statusId) conditions.push(eq(table.statusId, filters.statusId));
  if (filters.stageId) conditions.push(eq(table.pipelineStageId, filters.stageId));
  if (filters.q) conditions.push(sql`${searchText(table)} like ${containsPattern(filters.q)}`);
  return conditions;
}

/** The list's query string (both lists take the same one) as repository filters; an empty q is none. */
export function companyFilters(query: { page: number; limit: number; q?: string; status_id?: string; pipeline_stage_id?: string }): CompanyFilters {
  return { page: query.page, limit: query.limit, q: query.q || undefined, statusId: query.status_id, stageId: query.pipeline_stage_id };
}

import { pageOffset } from '@app/shared/contracts';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { ScopedDbOrTx } from '../../tenancy/database';
import { companyPageQuery, type CompanyPageQuery, type CompanyPageResult, type CompanyTable } from './company-page';
import { SHALLOW_OFFSET, type CompanyFilters } from './company-record';

export interface KeptTotalList {
  table: CompanyTable;
  /** The prepared statements' name (the table's when not given). */
  name?: string;
  /** The list's rows of the tenant given as `tenantId` (a placeholder: the statements are prepared). */
  where: (tenantId: Placeholder) => SQL;
  /** The tenant's kept total (a counter row), read in the same statement. */
  total: (tenantId: Placeholder) => SQL;
  /** The owners whose records (and unassigned ones) the page holds, read per owner (CompanyPageQuery.perOwner). */
  perOwner?: CompanyPageQuery['perOwner'];
}

/**
 * The unfiltered page with its total (the tenant's counter row) in one round trip, prepared once
 * per connection. Page 1 has its limit written into the statement and no offset, so PostgreSQL
 * settles on one generic plan and stops planning it (planning the joins costs more than running
 * them); later pages pass limit and offset as parameters.
 */
function unfilteredPage(db: ScopedDbOrTx, list: KeptTotalList, shape: { firstPageLimit: number } | 'shallow' | 'deep') {
  const name = list.name ?? list.table;
  const tenantId = sql.placeholder('tenantId');
  const first = typeof shape === 'object';
  // drizzle writes an SQL object into the statement as it is (a number would become a parameter).
  const limit = first ? sql.raw(String(Math.trunc(shape.firstPageLimit))) : sql.placeholder('limit');
  return companyPageQuery(db, {
    table: list.table,
    where: list.where(tenantId),
    limit,
    offset: first ? sql.raw('0') : sql.placeholder('offset'),
    deep: shape === 'deep',
    total: list.total(tenantId),
    perOwner: list.perOwner,
  }).prepare(first ? `${name}_first_page_${shape.firstPageLimit}` : `${name}_page_${shape}`);
}

/** The unfiltered list's pages of one table, each one prepared statement that also reads the kept total. */
export function keptTotalPages(db: ScopedDbOrTx, list: KeptTotalList) {
  // At most 100 first-page shapes (limit 1..100) plus two.
  const statements = new Map<number | string, ReturnType<typeof unfilteredPage>>();
  /** `params`: the values of placeholders `where` and `total` use besides the tenant's. */
  return async (tenantId: string, filters: CompanyFilters, params: Record<string, unknown> = {}): Promise<CompanyPageResult> => {
    const offset = pageOffset(filters);
    const shape = offset === 0 ? { firstPageLimit: filters.limit } : offset > SHALLOW_OFFSET ? 'deep' : 'shallow';
    const key = typeof shape === 'object' ? shape.firstPageLimit : shape;
    let statement = statements.get(key);
    if (!statement) statements.set(key, (statement = unfilteredPage(db, list, shape)));
    const [result] = await statement.execute({ ...params, tenantId, limit: filters.limit, offset });
    return result;
  };
}

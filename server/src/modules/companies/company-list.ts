import type { ListQuery } from '@app/shared/contracts';
import type { ScopedDb } from '../../tenancy/database';
import { companyPageBody, knownTotal, type CompanyPageResult, type CompanyTable, type PageOrder } from './company-page';
import { companyFilters, type CompanyFilters } from './company-record';

interface CompanyListRepository {
  page(tenantId: string, filters: CompanyFilters): Promise<CompanyPageResult>;
  count(tenantId: string, filters: CompanyFilters): Promise<number>;
}

/**
 * The list of prospects or leads, as the JSON text of the answer, read through the caller's
 * database (`repository(db)`). The rows are counted only when the page cannot tell the total, so
 * most pages take one statement.
 */
export function companyList(key: CompanyTable, repository: (db: ScopedDb) => CompanyListRepository, orders: Partial<Record<string, PageOrder>> = {}) {
  return {
    /** tenantId has been checked by the route (request.tenant). */
    async listJson(
      db: ScopedDb,
      tenantId: string,
      query: Omit<ListQuery, 'tenant_id'> & { after?: string; invalid_phone?: boolean; sort?: string },
    ): Promise<string> {
      const repo = repository(db);
      // The caller is the owner `owner_id=me` names.
      const filters = companyFilters(query, orders, db.scope.userId ?? undefined);
      const page = await repo.page(tenantId, filters);
      // A keyset page does not tell how many rows came before it.
      const total = (filters.afterId ? undefined : knownTotal(page, filters)) ?? (await repo.count(tenantId, filters));
      return companyPageBody(key, page.rows, { total, page: filters.page, limit: filters.limit });
    },
  };
}

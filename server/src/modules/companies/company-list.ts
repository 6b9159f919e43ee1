import type { ListQuery } from '@app/shared/contracts';
import { companyPageBody, knownTotal, type CompanyPageResult, type CompanyTable, type PageOrder } from './company-page';
import type { Scope } from '../../tenancy/scope';
import { companyFilters, type CompanyFilters } from './company-record';

interface CompanyListRepository {
  page(scope: Scope, tenantId: string, filters: CompanyFilters): Promise<CompanyPageResult>;
  count(scope: Scope, tenantId: string, filters: CompanyFilters): Promise<number>;
}

/**
 * The list of prospects or leads, as the JSON text of the answer. The rows are counted only when
 * the page cannot tell the total, so most pages take one statement.
 */
export function companyList(key: CompanyTable, repo: CompanyListRepository, orders: Partial<Record<string, PageOrder>> = {}) {
  return {
    /** tenantId has been checked by the route (request.tenant). */
    async listJson(
      scope: Scope,
      tenantId: string,
      query: Omit<ListQuery, 'tenant_id'> & { after?: string; invalid_phone?: boolean; sort?: string },
    ): Promise<string> {
      // The scope's user is the owner `owner_id=me` names.
      const filters = companyFilters(query, orders, scope.userId ?? undefined);
      const page = await repo.page(scope, tenantId, filters);
      // A keyset page does not tell how many rows came before it.
      const total = (filters.afterId ? undefined : knownTotal(page, filters)) ?? (await repo.count(scope, tenantId, filters));
      return companyPageBody(key, page.rows, { total, page: filters.page, limit: filters.limit });
    },
  };
}

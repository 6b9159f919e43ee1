import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { importListResponseSchema, type ProspectImport } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';

export const importsQueryKey = (tenantId: string) => tenantKey(tenantId, 'imports');

export async function getImports(tenantId: string, signal?: AbortSignal): Promise<ProspectImport[]> {
  return (await apiRequest('/crm/imports', { query: { tenant_id: tenantId }, schema: importListResponseSchema, signal })).imports;
}

export const importsQueryOptions = (tenantId: string) =>
  queryOptions({ queryKey: importsQueryKey(tenantId), queryFn: ({ signal }) => getImports(tenantId, signal) });

export function useImports(tenantId: string) {
  return useQuery(importsQueryOptions(tenantId));
}

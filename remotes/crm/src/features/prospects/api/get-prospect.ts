import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { prospectSchema, type Prospect } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';

export const prospectQueryKey = (tenantId: string, prospectId: string) => [...tenantKey(tenantId, 'prospect'), prospectId] as const;

export function getProspect(prospectId: string, signal?: AbortSignal): Promise<Prospect> {
  return apiRequest(`/crm/prospects/${prospectId}`, { schema: prospectSchema, signal });
}

export const prospectQueryOptions = (tenantId: string, prospectId: string) =>
  queryOptions({ queryKey: prospectQueryKey(tenantId, prospectId), queryFn: ({ signal }) => getProspect(prospectId, signal) });

/** The card's row shows at once; the details refresh behind it. */
export function useProspect(tenantId: string, prospect: Prospect) {
  return useQuery({ ...prospectQueryOptions(tenantId, prospect.id), placeholderData: prospect });
}

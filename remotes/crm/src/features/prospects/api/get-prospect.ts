import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import type { Prospect } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';

// The server sends its answers through the contract's schemas, so they are typed here, not parsed again: the
// screens that show them load no zod until a form opens.

export const prospectQueryKey = (tenantId: string, prospectId: string) => [...tenantKey(tenantId, 'prospect'), prospectId] as const;

export function getProspect(prospectId: string, signal?: AbortSignal): Promise<Prospect> {
  return apiRequest(`/crm/prospects/${prospectId}`, { signal });
}

export const prospectQueryOptions = (tenantId: string, prospectId: string) =>
  queryOptions({ queryKey: prospectQueryKey(tenantId, prospectId), queryFn: ({ signal }) => getProspect(prospectId, signal) });

/** The card's row shows at once; the details refresh behind it. */
export function useProspect(tenantId: string, prospect: Prospect) {
  return useQuery({ ...prospectQueryOptions(tenantId, prospect.id), placeholderData: prospect });
}

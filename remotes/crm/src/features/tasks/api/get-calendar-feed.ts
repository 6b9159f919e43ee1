import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import type { CalendarFeed } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';

// The server sends its answers through the contract's schemas, so they are typed here, not parsed again: the
// screens that show them load no zod until a form opens.

// The feed is the user's, not the tenant's; the key still starts with the tenant like every CRM key.
export const calendarFeedQueryKey = (tenantId: string) => tenantKey(tenantId, 'calendar-feed');

export function getCalendarFeed(signal?: AbortSignal): Promise<CalendarFeed> {
  return apiRequest('/crm/calendar-feed', { signal });
}

export const calendarFeedQueryOptions = (tenantId: string) =>
  queryOptions({ queryKey: calendarFeedQueryKey(tenantId), queryFn: ({ signal }) => getCalendarFeed(signal) });

export function useCalendarFeed(tenantId: string) {
  return useQuery(calendarFeedQueryOptions(tenantId));
}

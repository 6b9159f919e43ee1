import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { calendarFeedSchema, type CalendarFeed } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';

// The feed is the user's, not the tenant's; the key still starts with the tenant like every CRM key.
export const calendarFeedQueryKey = (tenantId: string) => tenantKey(tenantId, 'calendar-feed');

export function getCalendarFeed(signal?: AbortSignal): Promise<CalendarFeed> {
  return apiRequest('/crm/calendar-feed', { schema: calendarFeedSchema, signal });
}

export const calendarFeedQueryOptions = (tenantId: string) =>
  queryOptions({ queryKey: calendarFeedQueryKey(tenantId), queryFn: ({ signal }) => getCalendarFeed(signal) });

export function useCalendarFeed(tenantId: string) {
  return useQuery(calendarFeedQueryOptions(tenantId));
}

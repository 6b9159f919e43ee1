import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import type { CalendarFeedCreated } from '@app/shared/forms';
import { calendarFeedQueryKey } from './get-calendar-feed';

// The server sends its answers through the contract's schemas, so they are typed here, not parsed again: the
// screens that show them load no zod until a form opens.

/** A new secret address (the one before stops working); answered once, never again. */
export function createCalendarFeed(): Promise<CalendarFeedCreated> {
  return apiRequest('/crm/calendar-feed', { method: 'POST' });
}

export function useCreateCalendarFeed(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCalendarFeed, onSettled: () => queryClient.invalidateQueries({ queryKey: calendarFeedQueryKey(tenantId) }) });
}

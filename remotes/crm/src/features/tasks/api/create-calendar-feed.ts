import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { calendarFeedCreatedSchema, type CalendarFeedCreated } from '@app/shared/forms';
import { calendarFeedQueryKey } from './get-calendar-feed';

/** A new secret address (the one before stops working); answered once, never again. */
export function createCalendarFeed(): Promise<CalendarFeedCreated> {
  return apiRequest('/crm/calendar-feed', { method: 'POST', schema: calendarFeedCreatedSchema });
}

export function useCreateCalendarFeed(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCalendarFeed, onSettled: () => queryClient.invalidateQueries({ queryKey: calendarFeedQueryKey(tenantId) }) });
}

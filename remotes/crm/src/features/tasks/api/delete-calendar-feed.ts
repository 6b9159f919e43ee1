import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { calendarFeedQueryKey } from './get-calendar-feed';

export function deleteCalendarFeed(): Promise<unknown> {
  return apiRequest('/crm/calendar-feed', { method: 'DELETE' });
}

export function useDeleteCalendarFeed(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteCalendarFeed, onSettled: () => queryClient.invalidateQueries({ queryKey: calendarFeedQueryKey(tenantId) }) });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import type { NotificationsReadResponse } from '@app/shared/forms';
import { notificationsKey } from './notifications-key';

export function markAllNotificationsRead(): Promise<NotificationsReadResponse> {
  return apiRequest('/notifications/read-all', { method: 'POST' });
}

export function useMarkAllNotificationsRead(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKey(userId, 'list') }),
  });
}

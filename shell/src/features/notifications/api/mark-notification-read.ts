import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import type { NotificationListResponse, NotificationsReadResponse } from '@app/shared/forms';
import { notificationsKey } from './notifications-key';

export function markNotificationRead(id: string): Promise<NotificationsReadResponse> {
  return apiRequest(`/notifications/${id}/read`, { method: 'POST' });
}

/** Marks one read at once on screen, then takes the server's count. */
export function useMarkNotificationRead(userId: string) {
  const queryClient = useQueryClient();
  const key = notificationsKey(userId, 'list');
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: (id: string) => {
      queryClient.setQueryData<NotificationListResponse>(key, (list) => {
        if (!list) return list;
        const target = list.notifications.find((n) => n.id === id);
        if (!target || target.read_at) return list;
        const now = new Date().toISOString();
        return {
          ...list,
          unread: Math.max(0, list.unread - 1),
          notifications: list.notifications.map((n) => (n.id === id ? { ...n, read_at: now } : n)),
        };
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

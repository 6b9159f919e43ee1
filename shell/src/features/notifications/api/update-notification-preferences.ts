import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { notificationPreferencesSchema, type NotificationPreferences } from '@app/shared/forms';
import { notificationsKey } from './notifications-key';

export function updateNotificationPreferences(preferences: NotificationPreferences): Promise<NotificationPreferences> {
  return apiRequest('/notifications/preferences', { method: 'PUT', body: preferences, schema: notificationPreferencesSchema });
}

export function useUpdateNotificationPreferences(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (saved) => queryClient.setQueryData(notificationsKey(userId, 'preferences'), saved),
  });
}

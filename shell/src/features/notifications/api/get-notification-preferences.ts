import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { notificationPreferencesSchema, type NotificationPreferences } from '@app/shared/forms';
import { notificationsKey } from './notifications-key';

export function getNotificationPreferences(signal?: AbortSignal): Promise<NotificationPreferences> {
  return apiRequest('/notifications/preferences', { schema: notificationPreferencesSchema, signal });
}

export const notificationPreferencesQueryOptions = (userId: string) =>
  queryOptions({ queryKey: notificationsKey(userId, 'preferences'), queryFn: ({ signal }) => getNotificationPreferences(signal) });

export function useNotificationPreferences(userId: string) {
  return useQuery(notificationPreferencesQueryOptions(userId));
}

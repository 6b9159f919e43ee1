import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import type { NotificationListResponse } from '@app/shared/forms';
import { notificationsKey } from './notifications-key';

/** How often an open, visible tab asks for news: a notification reaches it within this (and the request's time). */
export const NOTIFICATIONS_POLL_MS = 20_000;

// Typed, not parsed again: the header polls this on every staff page, without loading zod.
export function getNotifications(signal?: AbortSignal): Promise<NotificationListResponse> {
  return apiRequest('/notifications', { signal });
}

export const notificationsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: notificationsKey(userId, 'list'),
    queryFn: ({ signal }) => getNotifications(signal),
    refetchInterval: NOTIFICATIONS_POLL_MS,
    // The documented default, said out loud: a hidden tab stops polling and catches up when shown again.
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });

/** `enabled` false (a user without staff access) asks for nothing. */
export function useNotifications(userId: string, enabled = true) {
  return useQuery({ ...notificationsQueryOptions(userId), enabled });
}

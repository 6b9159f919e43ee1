import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import type { ServerDay } from '@app/shared/forms';

export const serverDayQueryKey = ['server-day'] as const;

/** The server's day (its TZ): the CRM's "today", whatever this browser's clock says. */
export function getServerDay(signal?: AbortSignal): Promise<ServerDay> {
  return apiRequest('/crm/today', { signal });
}

export const serverDayQueryOptions = () =>
  queryOptions({
    queryKey: serverDayQueryKey,
    queryFn: ({ signal }) => getServerDay(signal),
    // The day turns once a day: a minute between reads catches midnight soon enough.
    staleTime: 60_000,
    refetchInterval: 60_000,
  });

/** The server's day as YYYY-MM-DD, once known (undefined before its first answer). */
export function useServerDay(): string | undefined {
  return useQuery(serverDayQueryOptions()).data?.today;
}

/**
 * This moment moved onto the server's day, at the same time of day: what date arithmetic of "today"
 * (goals' days, a form's default dates) reads, so a browser ahead of or behind the server counts the
 * server's days. The browser's own moment until the server's day is known.
 */
export function onServerDay(now: Date, serverDay: string | undefined): Date {
  if (!serverDay) return now;
  const [year, month, day] = serverDay.split('-').map(Number);
  return new Date(year!, month! - 1, day!, now.getHours(), now.getMinutes(), now.getSeconds(), now.getMilliseconds());
}

import { useCallback, useState } from 'react';

/** The Refresh button spins at least this long, so a fast answer still shows it did something. */
export const REFRESH_MIN_MS = 1000;

export function useRefresh(refetch: () => Promise<unknown>): [boolean, () => void] {
  const [refreshing, setRefreshing] = useState(false);
  const refresh = useCallback(() => {
    setRefreshing(true);
    const pause = new Promise((resolve) => setTimeout(resolve, REFRESH_MIN_MS));
    void Promise.allSettled([refetch(), pause]).then(() => setRefreshing(false));
  }, [refetch]);
  return [refreshing, refresh];
}

import { useCallback, useState } from 'react';

/**
 * The page number of a server-paged list, back to 1 whenever the search or filters (resetKey)
 * change, in the same render, so no request goes out for a page of the old filters.
 */
export function usePage(resetKey: string): [number, (next: number | ((current: number) => number)) => void] {
  const [state, setState] = useState({ key: resetKey, page: 1 });
  const page = state.key === resetKey ? state.page : 1;
  const setPage = useCallback(
    (next: number | ((current: number) => number)) =>
      setState((current) => {
        const from = current.key === resetKey ? current.page : 1;
        return { key: resetKey, page: typeof next === 'function' ? next(from) : next };
      }),
    [resetKey],
  );
  return [page, setPage];
}

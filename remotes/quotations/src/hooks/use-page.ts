import { useCallback, useState } from 'react';

/** The page of a server-paged list, back to 1 in the same render whenever the search or filter change. */
export function usePage(resetKey: string): [number, (next: number) => void] {
  const [state, setState] = useState({ key: resetKey, page: 1 });
  const page = state.key === resetKey ? state.page : 1;
  const setPage = useCallback((next: number) => setState({ key: resetKey, page: next }), [resetKey]);
  return [page, setPage];
}

import { useCallback, useMemo, useState } from 'react';

export interface Selection {
  selected: ReadonlySet<string>;
  toggle: (id: string, checked: boolean) => void;
  /** Ticks or clears every row of the page shown. */
  togglePage: (ids: readonly string[], checked: boolean) => void;
  clear: () => void;
}

/**
 * The rows ticked on a list, kept across its pages and cleared whenever its search or filters
 * (resetKey) change, in the same render: a selection never names rows the list no longer shows.
 */
export function useSelection(resetKey: string): Selection {
  const [state, setState] = useState<{ key: string; ids: ReadonlySet<string> }>({ key: resetKey, ids: new Set() });
  const selected = useMemo(() => (state.key === resetKey ? state.ids : new Set<string>()), [state, resetKey]);
  const update = useCallback(
    (change: (ids: Set<string>) => void) =>
      setState((current) => {
        const ids = new Set(current.key === resetKey ? current.ids : []);
        change(ids);
        return { key: resetKey, ids };
      }),
    [resetKey],
  );
  return {
    selected,
    toggle: useCallback((id, checked) => update((ids) => (checked ? ids.add(id) : ids.delete(id))), [update]),
    togglePage: useCallback((pageIds, checked) => update((ids) => pageIds.forEach((id) => (checked ? ids.add(id) : ids.delete(id)))), [update]),
    clear: useCallback(() => update((ids) => ids.clear()), [update]),
  };
}

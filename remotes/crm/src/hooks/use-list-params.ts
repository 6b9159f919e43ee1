import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '@app/shared/hooks/use-debounced-value';
import { VIEW_PARAM_KEYS, type ViewParamKey } from '@app/shared/contracts/constants';

/** A list's or the board's view as the address holds it: search, filters, sort, page, list or board. */
export type ViewParams = Partial<Record<ViewParamKey, string>>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_PAGE = 1_000_000;

// A hand-edited or outdated address is read leniently: a value that is not one the list knows is as if absent.

export function uuidParam(value: string | null): string | undefined {
  return value && UUID.test(value) ? value.toLowerCase() : undefined;
}

/**
 * The address's choice among a tenant's options (a status, a stage): once the options are known
 * only one of them, else `all`; while they load, the id as it is, so the list asks once.
 */
export function optionParam<T extends { id: string }>(value: string | null, options: readonly T[], all: T): T {
  const id = uuidParam(value);
  if (!id) return all;
  return options.find((option) => option.id === id) ?? (options.length > 0 ? all : { ...all, id });
}

export function oneOfParam<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return allowed.find((item) => item === value);
}

/** `me`, `none` or a user's id, as the lists' owner filter takes it. */
export function ownerParam(value: string | null): 'me' | 'none' | string | undefined {
  return oneOfParam(value, ['me', 'none'] as const) ?? uuidParam(value);
}

export function pageParam(value: string | null): number {
  if (!value || !/^\d{1,7}$/.test(value)) return 1;
  return Math.min(Math.max(Number(value), 1), MAX_PAGE);
}

/** The view's parameters of an address, as a saved view keeps them: a view opens on its first page. */
export function viewQueryOf(params: URLSearchParams): ViewParams {
  const query: ViewParams = {};
  for (const key of VIEW_PARAM_KEYS) {
    const value = params.get(key);
    if (key !== 'page' && value) query[key] = value;
  }
  return query;
}

/** The address with the view's parameters replaced by `query` (other parameters, like the tab, kept). */
export function withView(params: URLSearchParams, query: Readonly<Record<string, string>>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of VIEW_PARAM_KEYS) {
    const value = query[key];
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

/**
 * The lists' and the board's view lives in the address, so a reload or a shared link shows the
 * same rows. A changed filter or sort is a step Back undoes; any change but the page's starts
 * again on page 1.
 */
export function useViewParams() {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (patch: ViewParams, { replace = false }: { replace?: boolean } = {}) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(patch)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          if (!('page' in patch)) next.delete('page');
          return next;
        },
        { replace },
      ),
    [setParams],
  );
  const page = pageParam(params.get('page'));
  const setPage = useCallback(
    (next: number | ((current: number) => number)) =>
      setParams((current) => {
        const from = pageParam(current.get('page'));
        const value = typeof next === 'function' ? next(from) : next;
        const updated = new URLSearchParams(current);
        if (value > 1) updated.set('page', String(value));
        else updated.delete('page');
        return updated;
      }),
    [setParams],
  );
  const apply = useCallback((query: Readonly<Record<string, string>>) => setParams((current) => withView(current, query)), [setParams]);
  return { params, update, page, setPage, current: viewQueryOf(params), apply };
}

/**
 * The search box over the address's `q`: the text shows as typed, and the address follows once
 * typing pauses, replacing its entry (no Back step per keystroke). A `q` changed from elsewhere
 * (a saved view, Back) fills the box.
 */
export function useListSearch(): { search: string; setSearch: (text: string) => void; q: string } {
  const { params, update } = useViewParams();
  const q = params.get('q') ?? '';
  const [search, setSearch] = useState(q);
  const typed = useDebouncedValue(search);
  const written = useRef(q);
  useEffect(() => {
    if (q === written.current) return;
    written.current = q;
    setSearch(q);
  }, [q]);
  useEffect(() => {
    if (typed === written.current) return;
    written.current = typed;
    update({ q: typed }, { replace: true });
  }, [typed, update]);
  return { search, setSearch, q };
}

/**
 * A view belongs to its tenant: switching tenants starts the lists afresh, as the page does.
 * Answers true while the address still holds the previous tenant's view, so nothing is asked
 * of the new tenant with it.
 */
export function useViewResetOnTenantChange(tenantId: string | null): boolean {
  const [params, setParams] = useSearchParams();
  const [viewTenant, setViewTenant] = useState(tenantId);
  const hasView = VIEW_PARAM_KEYS.some((key) => params.has(key));
  useEffect(() => {
    if (viewTenant === tenantId) return;
    // The new tenant's lists open once the address has let go of the old view (a navigation may land a render later).
    if (viewTenant && hasView) setParams((current) => withView(current, {}), { replace: true });
    else setViewTenant(tenantId);
  }, [tenantId, viewTenant, hasView, setParams]);
  return viewTenant !== tenantId && viewTenant !== null;
}

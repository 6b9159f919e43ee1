import { useSearchParams } from 'react-router';

export const LEADS_VIEWS = ['list', 'board'] as const;
export type LeadsView = (typeof LEADS_VIEWS)[number];

/** List or Board lives in the address (?view=board), so a reload or a shared link keeps it. */
export function useLeadsView(): [LeadsView, (view: LeadsView) => void] {
  const [params, setParams] = useSearchParams();
  const view: LeadsView = params.get('view') === 'board' ? 'board' : 'list';
  const setView = (next: LeadsView) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'list') updated.delete('view');
        else updated.set('view', next);
        return updated;
      },
      { replace: true },
    );
  return [view, setView];
}

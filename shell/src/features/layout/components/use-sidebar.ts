import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { innermostDialog, useSession } from '@app/shared';

export const WIDE_SCREEN_QUERY = '(min-width: 768px)';

function isWide(): boolean {
  return window.matchMedia?.(WIDE_SCREEN_QUERY).matches ?? true;
}

/** Open by default on wide screens when signed in, closed otherwise; closes after navigation, and with Escape, on narrow screens. */
export function useSidebar() {
  const { isAuthenticated } = useSession();
  const [open, setOpen] = useState(() => isAuthenticated && isWide());
  const location = useLocation();

  useEffect(() => {
    setOpen(isAuthenticated && isWide());
  }, [isAuthenticated]);

  useEffect(() => {
    if (!isWide()) setOpen(false);
  }, [location.pathname]);

  // On a narrow screen the sidebar lies over the page, like a drawer: Escape closes it (unless a dialog
  // over it takes the key) and gives focus back to the menu button that opened it.
  useEffect(() => {
    if (!open || isWide()) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || innermostDialog() !== undefined) return;
      setOpen(false);
      document.querySelector<HTMLElement>('[aria-controls="app-sidebar"]')?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const toggle = useCallback(() => setOpen((value) => !value), []);
  return { open, toggle, close: () => setOpen(false) };
}

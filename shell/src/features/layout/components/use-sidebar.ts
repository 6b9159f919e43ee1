import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '@app/shared';

export const WIDE_SCREEN_QUERY = '(min-width: 768px)';

function isWide(): boolean {
  return window.matchMedia?.(WIDE_SCREEN_QUERY).matches ?? true;
}

/** Open by default on wide screens when signed in, closed otherwise; closes after navigation on narrow screens. */
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

  const toggle = useCallback(() => setOpen((value) => !value), []);
  return { open, toggle, close: () => setOpen(false) };
}

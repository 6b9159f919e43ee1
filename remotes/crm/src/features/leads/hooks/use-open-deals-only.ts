import { useState } from 'react';
import { useSession } from '@app/shared';

const storageKey = (userId: string) => `orbitra.board.open-deals.${userId}`;

function stored(key: string | null): boolean {
  if (!key) return false;
  try {
    return window.localStorage.getItem(key) === 'true';
  } catch {
    // Storage refused (a private window's quota): the board shows every stage.
    return false;
  }
}

/**
 * The board's "Open deals" toggle, kept in this browser for each user: a manager who scans only the
 * open pipeline finds it that way next time, and someone else signing in on the same machine does not.
 */
export function useOpenDealsOnly(): [boolean, (next: boolean) => void] {
  const { user } = useSession();
  const key = user ? storageKey(user._id) : null;
  const [state, setState] = useState(() => ({ key, on: stored(key) }));
  // Another user signed in: read theirs.
  const on = state.key === key ? state.on : stored(key);
  const set = (next: boolean) => {
    setState({ key, on: next });
    if (!key) return;
    try {
      window.localStorage.setItem(key, String(next));
    } catch {
      // Not kept; the toggle still works for this visit.
    }
  };
  return [on, set];
}

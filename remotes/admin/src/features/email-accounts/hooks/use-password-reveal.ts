import { useCallback, useEffect, useRef, useState } from 'react';
import { useRevealEmailPassword } from '../api/reveal-email-password';

/** A shown password is hidden again after this long, so it is not left on screen. */
export const PASSWORD_SHOWN_MS = 60_000;

/**
 * The password of the selected account: fetched only when asked for, kept only in this
 * component's state, dropped when another account is selected or after a minute.
 */
export function usePasswordReveal(accountId: string | undefined) {
  const reveal = useRevealEmailPassword();
  const [password, setPassword] = useState<string | null>(null);
  const [shown, setShown] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // An answer that arrives after another account was selected must not show under it.
  const current = useRef(accountId);
  current.current = accountId;

  const forget = useCallback(() => {
    clearTimeout(timer.current);
    setPassword(null);
    setShown(false);
  }, []);

  useEffect(() => forget, [accountId, forget]);

  const fetchPassword = useCallback(async (): Promise<string> => {
    if (!accountId) throw new Error('No account selected');
    const value = await reveal.mutateAsync(accountId);
    if (current.current !== accountId) return value;
    setPassword(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(forget, PASSWORD_SHOWN_MS);
    return value;
  }, [accountId, reveal, forget]);

  const show = useCallback(async () => {
    await fetchPassword();
    setShown(true);
  }, [fetchPassword]);

  return {
    /** The password while it is on screen, else null. */
    shown: shown ? password : null,
    loading: reveal.isPending,
    show,
    hide: forget,
    /** For copying: the password already fetched, or fetched now without showing it. */
    passwordForCopy: useCallback(async () => password ?? fetchPassword(), [password, fetchPassword]),
  };
}

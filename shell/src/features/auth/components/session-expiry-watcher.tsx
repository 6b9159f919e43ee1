import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { AUTH_CHANGE_EVENT, clearQueryCache, clearSession, getSession, SESSION_EXPIRED_EVENT, toast } from '@app/shared';

/** A 401 from any call ends the session: one toast and one redirect, however many calls failed. */
export function SessionExpiryWatcher() {
  const navigate = useNavigate();
  const handled = useRef(false);

  useEffect(() => {
    const onExpired = () => {
      if (handled.current || !getSession().token) return;
      handled.current = true;
      clearSession();
      clearQueryCache();
      toast({ title: 'Session Expired', description: 'Please log in again.', variant: 'destructive' });
      navigate('/', { replace: true });
    };
    const onAuthChange = () => {
      if (getSession().isAuthenticated) handled.current = false;
    };
    window.addEventListener(SESSION_EXPIRED_EVENT, onExpired);
    window.addEventListener(AUTH_CHANGE_EVENT, onAuthChange);
    return () => {
      window.removeEventListener(SESSION_EXPIRED_EVENT, onExpired);
      window.removeEventListener(AUTH_CHANGE_EVENT, onAuthChange);
    };
  }, [navigate]);

  return null;
}

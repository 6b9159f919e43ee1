import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { sessionEndedInThisPage, toast, useSession } from '@app/shared';

/**
 * Staff-only areas: a visitor is sent home with the area's own message, and never downloads
 * the area's code, because the remote is mounted only inside this guard.
 */
export function RequireAuth({ message, children }: { message: string; children: ReactNode }) {
  const { isAuthenticated } = useSession();
  const told = useRef(false);

  useEffect(() => {
    // A session that ended while the page was open (logout, expiry) has its own message already.
    if (!isAuthenticated && !told.current && !sessionEndedInThisPage()) {
      told.current = true;
      toast({ title: 'Authentication Required', description: message, variant: 'destructive' });
    }
  }, [isAuthenticated, message]);

  if (!isAuthenticated) return <Navigate to="/" replace />;
  return <>{children}</>;
}

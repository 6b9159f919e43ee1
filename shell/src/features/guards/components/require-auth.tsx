import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { toast, useSession } from '@app/shared';

/**
 * Staff-only areas: a visitor is sent home with the area's own message, and never downloads
 * the area's code, because the remote is mounted only inside this guard.
 */
export function RequireAuth({ message, children }: { message: string; children: ReactNode }) {
  const { isAuthenticated } = useSession();
  const told = useRef(false);
  // A session that ends while the page is open (logout, expiry) has its own message already.
  const arrivedSignedIn = useRef(isAuthenticated);

  useEffect(() => {
    if (!isAuthenticated && !told.current && !arrivedSignedIn.current) {
      told.current = true;
      toast({ title: 'Authentication Required', description: message, variant: 'destructive' });
    }
  }, [isAuthenticated, message]);

  if (!isAuthenticated) return <Navigate to="/" replace />;
  return <>{children}</>;
}

import type { ReactNode } from 'react';
import { ErrorPanel, useSession } from '@app/shared';

/** Non-admins get the shell's own answer; the admin remote is never fetched for them. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (!user?.is_admin) {
    return <ErrorPanel title="Access Denied" message="You need admin privileges to access this page." />;
  }
  return <>{children}</>;
}

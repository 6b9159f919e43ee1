import type { ReactNode } from 'react';
import { ErrorPanel, hasStaffAccess, useSession } from '@app/shared';

export const NO_STAFF_ACCESS_TITLE = 'No staff access';
export const NO_STAFF_ACCESS_MESSAGE =
  'This account has no staff access, so the CRM, quotations, email and website messages are not open to it. An admin can give it staff access on the Users page.';

/**
 * The staff app's areas need the staff flag or admin, as the server checks on every call: a
 * signed-in account without it is told why here instead of meeting refusals, and the area's
 * remote is never fetched for it.
 */
export function RequireStaff({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (!hasStaffAccess(user)) return <ErrorPanel title={NO_STAFF_ACCESS_TITLE} message={NO_STAFF_ACCESS_MESSAGE} />;
  return <>{children}</>;
}

import { Suspense, useState } from 'react';
import { Avatar, useSession, lazyPart, Menu } from '@app/shared';
import { useLogout } from '../api/logout';
import { useLogoutEverywhere } from '../api/logout-everywhere';

// The header is on every staff page; its dialogs (focus lock, the password contract's zod) load when one is opened.
const ChangePasswordDialog = lazyPart(() => import('./change-password-dialog'), 'ChangePasswordDialog');
const ConfirmDialog = lazyPart(() => import('@app/shared/staff'), 'ConfirmDialog');

/** The signed-in user's own settings: their password, and ending every sign-in at once. */
export function UserMenu() {
  const { user } = useSession();
  const [open, setOpen] = useState<'password' | 'everywhere' | null>(null);
  const everywhere = useLogoutEverywhere();
  const logout = useLogout();
  const name = user?.full_name || user?.email || 'you';

  return (
    <>
      <Menu
        label={`Account of ${name}`}
        trigger={<Avatar name={name} size="1.75rem" />}
        items={[
          { label: 'Change password', onSelect: () => setOpen('password') },
          { label: 'Sign out everywhere', onSelect: () => setOpen('everywhere'), destructive: true },
          { label: 'Logout', onSelect: () => logout.mutate() },
        ]}
      />
      <Suspense fallback={null}>
        {open === 'password' && <ChangePasswordDialog onDismiss={() => setOpen(null)} />}
        {open === 'everywhere' && (
          <ConfirmDialog
            isOpen
            title="Sign out everywhere?"
            message="Every sign-in of your account ends, on this device and on all others. You will need to sign in again."
            confirmLabel="Sign out everywhere"
            busy={everywhere.isPending}
            onConfirm={() => everywhere.mutate()}
            onCancel={() => setOpen(null)}
          />
        )}
      </Suspense>
    </>
  );
}

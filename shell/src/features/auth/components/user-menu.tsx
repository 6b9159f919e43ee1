import { useState } from 'react';
import { Avatar, Menu, useSession } from '@app/shared';
import { ConfirmDialog } from '@app/shared/staff';
import { useLogout } from '../api/logout';
import { useLogoutEverywhere } from '../api/logout-everywhere';
import { ChangePasswordDialog } from './change-password-dialog';

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
      {open === 'password' && <ChangePasswordDialog onDismiss={() => setOpen(null)} />}
      <ConfirmDialog
        isOpen={open === 'everywhere'}
        title="Sign out everywhere?"
        message="Every sign-in of your account ends, on this device and on all others. You will need to sign in again."
        confirmLabel="Sign out everywhere"
        busy={everywhere.isPending}
        onConfirm={() => everywhere.mutate()}
        onCancel={() => setOpen(null)}
      />
    </>
  );
}

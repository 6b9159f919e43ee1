import { Button } from '@app/shared';
import { useLogout } from '../api/logout';

export function LogoutButton() {
  const logout = useLogout();
  return (
    <Button $variant="secondary" $size="sm" onClick={() => logout.mutate()} disabled={logout.isPending}>
      Logout
    </Button>
  );
}

import styled from 'styled-components';
import { Button } from '@app/shared';
import { useLogout } from '../api/logout';

// On a phone the tenant picker needs the room: Logout is in the user menu there.
const StyledLogout = styled(Button)`
  @media (max-width: 479px) {
    display: none;
  }
`;

export function LogoutButton() {
  const logout = useLogout();
  return (
    <StyledLogout $variant="secondary" $size="sm" onClick={() => logout.mutate()} disabled={logout.isPending}>
      Logout
    </StyledLogout>
  );
}

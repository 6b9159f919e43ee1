import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import styled from 'styled-components';
import { Button, siteConfig, useSession } from '@app/shared';
import { publicLinks } from './nav-links';
import { ThemeToggle } from './theme-toggle';

// On a phone the spacing gives way, so the tenant picker can show a tenant's whole name.
const StyledHeader = styled.header`
  position: sticky;
  top: 0;
  z-index: 40;
  height: ${({ theme }) => theme.layout.headerHeight};
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: 0 ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  @media (max-width: 479px) {
    gap: ${({ theme }) => theme.space(2)};
    padding: 0 ${({ theme }) => theme.space(3)};
  }
`;

// Signed in on a phone, the tenant picker needs the room more than the logo.
const StyledBrand = styled(Link)<{ $compact: boolean }>`
  font-weight: 800;
  @media (max-width: 479px) {
    display: ${({ $compact }) => ($compact ? 'none' : 'inline')};
  }
  font-size: 1.15rem;
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  white-space: nowrap;
`;

const StyledNav = styled.nav`
  display: none;
  gap: ${({ theme }) => theme.space(1)};
  margin-left: ${({ theme }) => theme.space(4)};
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    display: flex;
  }
  a {
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
    border-radius: ${({ theme }) => theme.radii.md};
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
    &.active { background: ${({ theme }) => theme.colors.surfaceAlt}; font-weight: 600; }
  }
`;

const StyledActions = styled.div`
  margin-left: auto;
  flex: 1 1 auto;
  justify-content: flex-end;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
  @media (max-width: 479px) {
    gap: ${({ theme }) => theme.space(1)};
  }
`;

const StyledVisitorButtons = styled.div`
  display: none;
  gap: ${({ theme }) => theme.space(2)};
  @media (min-width: 480px) {
    display: flex;
  }
`;

export interface HeaderProps {
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
  /** What a signed-in user sees at the end of the header (the tenant picker, Logout). */
  sessionControls: ReactNode;
}

export function Header({ sidebarOpen, onToggleSidebar, sessionControls }: HeaderProps) {
  const { isAuthenticated } = useSession();

  return (
    <StyledHeader>
      <Button
        $variant="ghost"
        $size="sm"
        onClick={onToggleSidebar}
        aria-expanded={sidebarOpen}
        aria-controls="app-sidebar"
        aria-label={sidebarOpen ? 'Close menu' : 'Open menu'}
      >
        <span aria-hidden="true">☰</span>
      </Button>
      <StyledBrand to="/" $compact={isAuthenticated}>
        {siteConfig.shortBrand}
      </StyledBrand>
      {!isAuthenticated && (
        <StyledNav aria-label="Main">
          {publicLinks.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.to === '/'}>
              {link.label}
            </NavLink>
          ))}
        </StyledNav>
      )}
      <StyledActions>
        <ThemeToggle />
        {isAuthenticated ? (
          sessionControls
        ) : (
          <StyledVisitorButtons>
            <Button as={Link} to="/platform-select?action=login" $variant="secondary" $size="sm">
              Login
            </Button>
            <Button as={Link} to="/platform-select?action=signup" $size="sm">
              Sign Up
            </Button>
          </StyledVisitorButtons>
        )}
      </StyledActions>
    </StyledHeader>
  );
}

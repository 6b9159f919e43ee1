import { Link, useLocation } from 'react-router';
import styled from 'styled-components';
import { useSession } from '@app/shared';
import { activeLink, adminLinks, dashboardLinks, publicLinks, type NavLink as NavItem } from './nav-links';

// A full-height column beside the page, with its links kept in view while the page scrolls.
const StyledSidebar = styled.aside`
  width: ${({ theme }) => theme.layout.sidebarWidth};
  flex-shrink: 0;
  background: ${({ theme }) => theme.colors.surface};
  border-right: 1px solid ${({ theme }) => theme.colors.border};
  overflow-y: auto;
  position: fixed;
  z-index: 30;
  top: ${({ theme }) => theme.layout.headerHeight};
  bottom: 0;
  left: 0;
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    position: static;
    align-self: stretch;
    overflow: visible;
    nav {
      position: sticky;
      top: ${({ theme }) => theme.layout.headerHeight};
      max-height: calc(100vh - ${({ theme }) => theme.layout.headerHeight});
      overflow-y: auto;
    }
  }
  nav { padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(2)}; }
  h2 {
    font-size: 0.75rem;
    text-transform: uppercase;
    letter-spacing: 0.05em;
    color: ${({ theme }) => theme.colors.textMuted};
    margin: ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(1)};
  }
  ul { list-style: none; margin: 0; padding: 0; }
  a {
    display: block;
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
    border-radius: ${({ theme }) => theme.radii.md};
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
    &:hover { background: ${({ theme }) => theme.colors.surfaceAlt}; }
    &.active { background: ${({ theme }) => theme.colors.surfaceAlt}; font-weight: 700; }
  }
`;

function Section({ title, links }: { title: string; links: NavItem[] }) {
  const headingId = `sidebar-${title.toLowerCase()}`;
  const active = activeLink(links, useLocation().pathname);
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={link.to === active ? 'active' : undefined} aria-current={link.to === active ? 'page' : undefined}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function Sidebar() {
  const { isAuthenticated, user } = useSession();
  return (
    <StyledSidebar id="app-sidebar">
      <nav aria-label="Sidebar">
        {isAuthenticated && <Section title="Dashboard" links={dashboardLinks} />}
        {isAuthenticated && user?.is_admin && <Section title="Admin" links={adminLinks} />}
        <Section title="Navigation" links={publicLinks} />
        {!isAuthenticated && (
          <section aria-label="Account">
            <h2>Account</h2>
            <ul>
              <li>
                <Link to="/platform-select?action=login">Login</Link>
              </li>
              <li>
                <Link to="/platform-select?action=signup">Sign Up</Link>
              </li>
            </ul>
          </section>
        )}
      </nav>
    </StyledSidebar>
  );
}

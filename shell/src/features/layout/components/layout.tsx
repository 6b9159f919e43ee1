import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import styled from 'styled-components';
import { lazyPart } from '@app/shared';
import { Header } from './header';
import { useSidebar } from './use-sidebar';

// A visitor's sidebar starts closed, so their first page does not download it; it loads when first opened.
const Sidebar = lazyPart(() => import('./sidebar'), 'Sidebar');

const StyledBody = styled.div`
  display: flex;
  align-items: flex-start;
  min-height: calc(100vh - ${({ theme }) => theme.layout.headerHeight});
`;

const StyledMain = styled.main`
  flex: 1;
  min-width: 0;
`;

const StyledSkip = styled.a`
  position: absolute;
  left: -999px;
  &:focus {
    left: ${({ theme }) => theme.space(2)};
    top: ${({ theme }) => theme.space(2)};
    z-index: 100;
    padding: ${({ theme }) => theme.space(2)};
    background: ${({ theme }) => theme.colors.surface};
  }
`;

/** The staff and visitor frame; the app passes in what the signed-in header shows, so features stay apart. */
export function Layout({ sessionControls }: { sessionControls: ReactNode }) {
  const sidebar = useSidebar();
  return (
    <>
      <StyledSkip href="#main-content">Skip to content</StyledSkip>
      <Header sidebarOpen={sidebar.open} onToggleSidebar={sidebar.toggle} sessionControls={sessionControls} />
      <StyledBody>
        {sidebar.open && (
          <Suspense fallback={null}>
            <Sidebar />
          </Suspense>
        )}
        <StyledMain id="main-content" tabIndex={-1}>
          <Outlet />
        </StyledMain>
      </StyledBody>
    </>
  );
}

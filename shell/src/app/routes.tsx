import { Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { QueryScope, type ExposedModuleName, lazyPart } from '@app/shared';
import { RequireAdmin } from '../features/guards/components/require-admin';
import { RequireAuth } from '../features/guards/components/require-auth';
import { RequireStaff } from '../features/guards/components/require-staff';
import { Layout } from '../features/layout/components/layout';
import { RemotePage } from '../features/remotes/components/remote-page';
import { ShellArea } from '../features/remotes/components/shell-area';
import type { RemoteName } from '../features/remotes/api/remote-loader';
import routeTable from './route-table.json';

// The sign-in pages and the signed-in header's controls validate with the contracts (zod), fetch
// tenants and mutate: loaded when first shown, so a visitor's public page never downloads them.
const LoginPage = lazyPart(() => import('../features/auth/components/login-page'), 'LoginPage');
const PlatformSelectPage = lazyPart(() => import('../features/platform-select/components/platform-select-page'), 'PlatformSelectPage');
const ForgotPasswordPage = lazyPart(() => import('../features/password-reset/components/forgot-password-page'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyPart(() => import('../features/password-reset/components/reset-password-page'), 'ResetPasswordPage');
const LogoutButton = lazyPart(() => import('../features/auth/components/logout-button'), 'LogoutButton');
const UserMenu = lazyPart(() => import('../features/auth/components/user-menu'), 'UserMenu');
const NotFoundPage = lazyPart(() => import('../features/not-found/components/not-found-page'), 'NotFoundPage');
const NotificationBell = lazyPart(() => import('../features/notifications/components/notification-bell'), 'NotificationBell');
const TenantPicker = lazyPart(() => import('../features/tenants/components/tenant-picker'), 'TenantPicker');

const later = (element: ReactNode) => <Suspense fallback={null}>{element}</Suspense>;
/** A screen that queries or mutates: it gets the app's query client, which loads with the first such screen. */
const withQueries = (element: ReactNode) => later(<QueryScope>{element}</QueryScope>);

interface RemoteRoute {
  path: string;
  remote: RemoteName;
  /** Checked against the remote's exposes by the contract test (route-table.json is plain JSON). */
  module: ExposedModuleName;
  /** Staff-only routes name the message shown to a visitor who is sent home. */
  authMessage?: string;
  admin?: boolean;
}

/**
 * Which app owns which route, and the shell's own pages: route-table.json, which the size test and
 * `pnpm bench:bundle` also read, so every public route is measured, a new one included. The remote
 * modules are fetched only when their route is visited; a route with an authMessage is staff-only.
 */
export const remoteRoutes: RemoteRoute[] = routeTable.remoteRoutes.map((route) => ({
  ...route,
  remote: route.remote as RemoteName,
  module: route.module as ExposedModuleName,
}));

/** The shell's own pages, by the name the route table gives them. */
const shellPages: Record<string, ReactNode> = {
  login: withQueries(<LoginPage />),
  signup: <Navigate to="/platform-select?action=signup" replace />,
  // It only links out: no query, so no query client (react-query) to load.
  'platform-select': later(<PlatformSelectPage />),
  'forgot-password': withQueries(<ForgotPasswordPage />),
  'reset-password': withQueries(<ResetPasswordPage />),
};

/** Pages of a remote the route table serves outside the staff layout: they are their remote's area, not the shell's. */
const remotePagesOutsideLayout: Record<string, ReactNode> = {
  // A client's quotation link: no sign-in and none of the staff app around it.
  'public-quotation': withQueries(<RemotePage remote="quotations" module="public-quotation" />),
};

/**
 * Each shell page of the route table with its element; a name the shell does not know is a build error.
 * The shell's own pages are an area of their own, so a remote's page entered from one checks its version.
 */
export const shellRoutes = routeTable.shellPages.map(({ path, page }) => {
  const own = shellPages[page];
  const element = own === undefined ? remotePagesOutsideLayout[page] : <ShellArea>{own}</ShellArea>;
  if (element === undefined) throw new Error(`route-table.json: no shell page named "${page}" (${path})`);
  return { path, element };
});

function routeElement(route: RemoteRoute) {
  let element = <RemotePage key={route.path} remote={route.remote} module={route.module} />;
  // Every signed-in area is the staff app's; the admin areas ask for admin instead (admins have staff access).
  if (route.admin) element = <RequireAdmin>{element}</RequireAdmin>;
  else if (route.authMessage) element = <RequireStaff>{element}</RequireStaff>;
  if (route.authMessage) element = withQueries(<RequireAuth message={route.authMessage}>{element}</RequireAuth>);
  return element;
}

export function AppRoutes() {
  return (
    <Routes>
      {shellRoutes.map(({ path, element }) => (
        <Route key={path} path={path} element={element} />
      ))}
      <Route
        element={
          <Layout
            sessionControls={withQueries(
              <>
                <TenantPicker />
                <NotificationBell />
                <UserMenu />
                <LogoutButton />
              </>,
            )}
          />
        }
      >
        {remoteRoutes.map((route) => (
          <Route key={route.path} path={route.path === '/' ? '/' : `${route.path}/*`} element={routeElement(route)} />
        ))}
        <Route path="*" element={<ShellArea>{later(<NotFoundPage />)}</ShellArea>} />
      </Route>
    </Routes>
  );
}

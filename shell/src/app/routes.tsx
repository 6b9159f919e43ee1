import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { QueryScope } from '@app/shared';
import { RequireAdmin } from '../features/guards/components/require-admin';
import { RequireAuth } from '../features/guards/components/require-auth';
import { Layout } from '../features/layout/components/layout';
import { NotFoundPage } from '../features/not-found/components/not-found-page';
import { RemotePage } from '../features/remotes/components/remote-page';
import type { RemoteName } from '../features/remotes/api/remote-loader';

// The sign-in pages and the signed-in header's controls validate with the contracts (zod), fetch
// tenants and mutate: loaded when first shown, so a visitor's public page never downloads them.
const LoginPage = lazy(() => import('../features/auth/components/login-page').then((m) => ({ default: m.LoginPage })));
const PlatformSelectPage = lazy(() => import('../features/platform-select/components/platform-select-page').then((m) => ({ default: m.PlatformSelectPage })));
const ForgotPasswordPage = lazy(() => import('../features/password-reset/components/forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage })));
const ResetPasswordPage = lazy(() => import('../features/password-reset/components/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })));
const LogoutButton = lazy(() => import('../features/auth/components/logout-button').then((m) => ({ default: m.LogoutButton })));
const TenantPicker = lazy(() => import('../features/tenants/components/tenant-picker').then((m) => ({ default: m.TenantPicker })));

const later = (element: ReactNode) => <Suspense fallback={null}>{element}</Suspense>;
/** A screen that queries or mutates: it gets the app's query client, which loads with the first such screen. */
const withQueries = (element: ReactNode) => later(<QueryScope>{element}</QueryScope>);

interface RemoteRoute {
  path: string;
  remote: RemoteName;
  module: string;
  /** Staff-only routes name the message shown to a visitor who is sent home. */
  authMessage?: string;
  admin?: boolean;
}

/** Which app owns which route; the remote modules are fetched only when their route is visited. */
export const remoteRoutes: RemoteRoute[] = [
  { path: '/', remote: 'marketing', module: 'home' },
  { path: '/about', remote: 'marketing', module: 'about' },
  { path: '/contact', remote: 'marketing', module: 'contact' },
  { path: '/services', remote: 'marketing', module: 'services' },
  { path: '/products', remote: 'marketing', module: 'products' },
  { path: '/payofina', remote: 'marketing', module: 'pricing' },
  { path: '/crm', remote: 'crm', module: 'crm', authMessage: 'Please log in to access the CRM dashboard.' },
  { path: '/quotations', remote: 'quotations', module: 'quotations', authMessage: 'Please log in to access quotations.' },
  { path: '/messages', remote: 'admin', module: 'messages', authMessage: 'Please log in to view messages.' },
  { path: '/email', remote: 'admin', module: 'email', authMessage: 'Please log in to access email.' },
  { path: '/users', remote: 'admin', module: 'users', authMessage: 'Please log in to manage users.', admin: true },
  { path: '/audit', remote: 'admin', module: 'audit', authMessage: 'Please log in to view the audit log.', admin: true },
];

function routeElement(route: RemoteRoute) {
  let element = <RemotePage key={route.path} remote={route.remote} module={route.module} />;
  if (route.admin) element = <RequireAdmin>{element}</RequireAdmin>;
  if (route.authMessage) element = withQueries(<RequireAuth message={route.authMessage}>{element}</RequireAuth>);
  return element;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={withQueries(<LoginPage />)} />
      <Route path="/signup" element={<Navigate to="/platform-select?action=signup" replace />} />
      <Route path="/platform-select" element={withQueries(<PlatformSelectPage />)} />
      <Route path="/forgot-password" element={withQueries(<ForgotPasswordPage />)} />
      <Route path="/reset-password" element={withQueries(<ResetPasswordPage />)} />
      {/* A client's quotation link: no sign-in and none of the staff app around it. */}
      <Route path="/q/:token" element={withQueries(<RemotePage remote="quotations" module="public-quotation" />)} />
      <Route
        element={
          <Layout
            sessionControls={withQueries(
              <>
                <TenantPicker />
                <LogoutButton />
              </>,
            )}
          />
        }
      >
        {remoteRoutes.map((route) => (
          <Route key={route.path} path={route.path === '/' ? '/' : `${route.path}/*`} element={routeElement(route)} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

import { BrowserRouter } from 'react-router';
import { ThemeModeProvider, Toaster } from '@app/shared';
import { SessionExpiryWatcher } from '../features/auth/components/session-expiry-watcher';
import { AppRoutes } from './routes';

/**
 * The shell owns every provider; remotes only render pages inside them. The query client is given
 * per route (QueryScope in the routes), so the public pages paint without react-query.
 */
export function App() {
  return (
    <ThemeModeProvider>
      <BrowserRouter>
        <SessionExpiryWatcher />
        <AppRoutes />
        <Toaster />
      </BrowserRouter>
    </ThemeModeProvider>
  );
}

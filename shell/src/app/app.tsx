import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { createAppQueryClient, ThemeModeProvider, Toaster } from '@app/shared';
import { SessionExpiryWatcher } from '../features/auth/components/session-expiry-watcher';
import { AppRoutes } from './routes';

/** The shell owns every provider; remotes only render pages inside them. */
export function App() {
  const [queryClient] = useState(createAppQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeModeProvider>
        <BrowserRouter>
          <SessionExpiryWatcher />
          <AppRoutes />
          <Toaster />
        </BrowserRouter>
      </ThemeModeProvider>
    </QueryClientProvider>
  );
}

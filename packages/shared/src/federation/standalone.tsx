import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router';
import { createAppQueryClient } from '../query/query-client';
import { ThemeModeProvider } from '../theme/theme-mode';
import { Toaster } from '../toast/toaster';

/**
 * Runs a remote's pages on their own, with the same providers the shell gives them, so the squad
 * that owns a remote can work on it without the shell. API calls go to the dev proxy.
 */
export function renderStandalone(pages: Record<string, ComponentType>) {
  const queryClient = createAppQueryClient();
  createRoot(document.getElementById('root')!).render(
    <QueryClientProvider client={queryClient}>
      <ThemeModeProvider>
        <BrowserRouter>
          <main id="main-content">
            <Routes>
              {Object.entries(pages).map(([path, Page]) => (
                <Route key={path} path={path === '/' ? '/' : `${path}/*`} element={<Page />} />
              ))}
            </Routes>
          </main>
          <Toaster />
        </BrowserRouter>
      </ThemeModeProvider>
    </QueryClientProvider>,
  );
}

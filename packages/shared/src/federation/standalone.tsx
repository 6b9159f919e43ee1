import { Suspense, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router';
import { QueryScope } from '../query/query-scope';
import { ThemeModeProvider } from '../theme/theme-mode';
import { Toaster } from '../toast/toaster';

/**
 * Runs a remote's pages on their own, with the same providers the shell gives them, so the squad
 * that owns a remote can work on it without the shell. API calls go to the dev proxy.
 */
export function renderStandalone(pages: Record<string, ComponentType>) {
  createRoot(document.getElementById('root')!).render(
    <Suspense fallback={null}>
      <QueryScope>
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
      </QueryScope>
    </Suspense>,
  );
}

import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ThemeModeProvider, Toaster } from '@app/shared';
import { createAppQueryClient } from '@app/shared/query';

/** Renders a screen with the shell's providers, at a route, with a probe showing where navigation went. */
export function renderWithShell(ui: ReactElement, { route = '/', path = '*' }: { route?: string; path?: string } = {}) {
  const queryClient = createAppQueryClient();
  return render(
    <QueryClientProvider client={queryClient}>
      <ThemeModeProvider>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path={path} element={ui} />
            <Route path="*" element={<LocationProbe />} />
          </Routes>
          <Toaster />
        </MemoryRouter>
      </ThemeModeProvider>
    </QueryClientProvider>,
  );
}

function LocationProbe() {
  return <p data-testid="location">{window.location.pathname}</p>;
}

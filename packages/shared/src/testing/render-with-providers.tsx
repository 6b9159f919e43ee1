import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { createAppQueryClient } from '../query/query-client';
import { ThemeModeProvider } from '../theme/theme-mode';
import { Toaster } from '../toast/toaster';

export interface RenderOptions {
  route?: string;
  queryClient?: QueryClient;
}

/** Renders with the providers the shell gives a remote: query client, theme, router, toasts. */
export function renderWithProviders(ui: ReactElement, { route = '/', queryClient = createAppQueryClient() }: RenderOptions = {}) {
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ThemeModeProvider>
        <MemoryRouter initialEntries={[route]}>
          {ui}
          <Toaster />
        </MemoryRouter>
      </ThemeModeProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

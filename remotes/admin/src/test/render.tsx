import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { createAppQueryClient, ThemeModeProvider, Toaster } from '@app/shared';

/** Renders with the providers the shell gives a remote: query client, theme, router, toasts. */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const queryClient = createAppQueryClient();
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

import type { ReactElement } from 'react';
import { renderWithProviders as render, type RenderOptions } from '@app/shared/testing/render-with-providers';

/** The quotations screens live at /quotations. */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  return render(ui, { route: '/quotations', ...options });
}

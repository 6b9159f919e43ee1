import type { ReactElement } from 'react';
import { renderWithProviders as render, type RenderOptions } from '@app/shared/testing/render-with-providers';

/** The CRM's screens live at /crm. */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  return render(ui, { route: '/crm', ...options });
}

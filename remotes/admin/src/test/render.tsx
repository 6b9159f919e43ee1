export { renderWithProviders } from '@app/shared/testing/render-with-providers';

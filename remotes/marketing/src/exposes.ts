import type { ExposesOf } from '@app/shared';

// The modules vite.config.ts exposes, held to what the shell expects of them (packages/shared's
// ExposedModules): a page that stops matching, or one that goes missing, fails this remote's typecheck.
export type MarketingExposes = ExposesOf<
  'marketing',
  {
    home: typeof import('./pages/home-page');
    about: typeof import('./pages/about-page');
    contact: typeof import('./pages/contact-page');
    services: typeof import('./pages/services-page');
    products: typeof import('./pages/products-page');
    pricing: typeof import('./pages/pricing-page');
  }
>;

import { defineConfig } from 'vite';
import { remoteViteConfig } from '@app/shared/build/federation';

export default defineConfig(
  remoteViteConfig(
    'marketing',
    5101,
    {
      './home': './src/pages/home-page.tsx',
      './about': './src/pages/about-page.tsx',
      './contact': './src/pages/contact-page.tsx',
      './services': './src/pages/services-page.tsx',
      './products': './src/pages/products-page.tsx',
      './pricing': './src/pages/pricing-page.tsx',
    },
    { consumesOnly: true },
  ),
);

import { defineConfig } from 'vite';
import { remoteViteConfig } from '@app/shared/build/federation';

/** The contact form and what only it uses. */
const CONTACT_FORM = /[\\/]features[\\/]contact[\\/](components[\\/]contact-form|hooks[\\/]use-contact-form|contact-validation|contact-values|api[\\/])/;

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
    {
      // The sections every page is built from, in one chunk: a visitor's first page costs one request for them instead of
      // one per component (each page's own part stays in the page's chunk). The contact form, with its validation, still
      // loads only when the visitor nears it.
      chunkGroups: [{ name: 'site', test: (id: string) => /[\\/]src[\\/](features|content)[\\/]/.test(id) && !CONTACT_FORM.test(id) }],
    },
  ),
);

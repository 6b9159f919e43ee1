import { defineConfig } from 'vite';
import { remoteViteConfig } from '@app/shared/build/federation';

export default defineConfig(
  remoteViteConfig('quotations', 5103, {
    './quotations': './src/pages/quotations-page.tsx',
    './public-quotation': './src/pages/public-quotation-page.tsx',
  }),
);

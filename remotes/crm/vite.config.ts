import { defineConfig } from 'vite';
import { remoteViteConfig } from '@app/shared/build/federation';

export default defineConfig(
  remoteViteConfig('crm', 5102, {
    './crm': './src/pages/crm-page.tsx',
  }),
);

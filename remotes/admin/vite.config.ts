import { defineConfig } from 'vite';
import { remoteViteConfig } from '@app/shared/build/federation';

export default defineConfig(
  remoteViteConfig('admin', 5104, {
    './messages': './src/pages/messages-page.tsx',
    './email': './src/pages/email-page.tsx',
    './users': './src/pages/users-page.tsx',
    './audit': './src/pages/audit-page.tsx',
    './releases': './src/pages/releases-page.tsx',
  }),
);

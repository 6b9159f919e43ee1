import type { ExposesOf } from '@app/shared';

// The modules vite.config.ts exposes, held to what the shell expects of them (packages/shared's
// ExposedModules): a page that stops matching, or one that goes missing, fails this remote's typecheck.
export type AdminExposes = ExposesOf<
  'admin',
  {
    messages: typeof import('./pages/messages-page');
    email: typeof import('./pages/email-page');
    users: typeof import('./pages/users-page');
    audit: typeof import('./pages/audit-page');
    releases: typeof import('./pages/releases-page');
  }
>;

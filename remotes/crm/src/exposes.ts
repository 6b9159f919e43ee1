import type { ExposesOf } from '@app/shared';

// The modules vite.config.ts exposes, held to what the shell expects of them (packages/shared's
// ExposedModules): a page that stops matching, or one that goes missing, fails this remote's typecheck.
export type CrmExposes = ExposesOf<'crm', { crm: typeof import('./pages/crm-page') }>;

// What every app and the public pages use: theme, session, toasts, API client, light UI.
// Validation (zod and the contracts) is in @app/shared/forms and the staff screens' heavier parts
// in @app/shared/staff: each is a singleton of its own, so a page loads only the parts it imports.
export * from './theme/theme';
export * from './theme/theme-mode';
export * from './toast/toast-store';
export * from './toast/toaster';
export * from './ui/dialog-stack';
export * from './api/api-error';
export * from './api/client';
export * from './session/session-store';
export * from './tenant/tenant-store';
export * from './query/query-scope';
export * from './query/query-cache';
export * from './site/site-config';
export * from './format/plain-format';
export * from './ui/avatar';
export * from './federation/remote-module';
export * from './federation/remote-names';
export * from './ui/button';
export * from './ui/field';
export * from './ui/surface';
export * from './ui/error-panel';
export * from './federation/standalone';
export * from './ui/text-wrap';
export * from './ui/popover';
export * from './ui/menu';
export * from './ui/form-layout';
export * from './lazy/load-once';
export * from './format/web-link';
export * from './lazy/lazy-part';

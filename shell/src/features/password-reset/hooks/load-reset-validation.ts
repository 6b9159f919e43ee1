import { loadOnce } from '@app/shared';

/**
 * The contracts' rules (zod) are fetched when the person starts on the form (its first focus or
 * keystroke), not with the page: these pages are public, held to the first-visit budget.
 */
export const loadResetValidation = loadOnce(() => import('../password-reset-validation'));

/** Starts fetching the rules as the person reaches a field; a failure is answered on submit. */
export const prefetchResetValidation = () => void loadResetValidation().catch(() => undefined);

type ResetValidation = typeof import('../password-reset-validation');

let validation: Promise<ResetValidation> | undefined;

/**
 * The contracts' rules (zod) are fetched when the person starts on the form (its first focus or
 * keystroke), not with the page: these pages are public, held to the first-visit budget. A failed
 * fetch is tried again next time.
 */
export function loadResetValidation(): Promise<ResetValidation> {
  validation ??= import('../password-reset-validation').catch((error: unknown) => {
    validation = undefined;
    throw error;
  });
  return validation;
}

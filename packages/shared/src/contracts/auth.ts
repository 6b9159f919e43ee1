import { z } from 'zod';
import { timestampSchema, uuidSchema } from './common';

export const PASSWORD_MIN_LENGTH = 8;
/** Argon2 hashes whatever it is given; a cap keeps one request from costing seconds of CPU. */
export const PASSWORD_MAX_LENGTH = 256;
export const EMAIL_MAX_LENGTH = 254;

export const EMAIL_REQUIRED = 'Email is required.';
// Names its field, as API details do; beside the field the form shows it as a sentence.
export const EMAIL_INVALID = 'email: must be a valid email address';
export const PASSWORD_REQUIRED = 'Password is required.';

/** Emails are compared and stored trimmed and in lower case. */
export const emailSchema = z
  .string({ error: EMAIL_REQUIRED })
  .trim()
  .toLowerCase()
  .min(1, EMAIL_REQUIRED)
  .max(EMAIL_MAX_LENGTH, `Email must be at most ${EMAIL_MAX_LENGTH} characters.`)
  .check(z.email(EMAIL_INVALID));

export const newPasswordSchema = z
  .string({ error: PASSWORD_REQUIRED })
  .min(1, PASSWORD_REQUIRED)
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`);

export const loginRequestSchema = z.object({
  // Not checked as an address: anything that does not match an account is simply a failed login.
  email: z.string({ error: EMAIL_REQUIRED }).trim().toLowerCase().min(1, EMAIL_REQUIRED).max(EMAIL_MAX_LENGTH),
  password: z.string({ error: PASSWORD_REQUIRED }).min(1, PASSWORD_REQUIRED).max(PASSWORD_MAX_LENGTH),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/**
 * Which of the tenant's prospects, leads and quotations a non-admin user sees: `own` (theirs and
 * unassigned ones), `team` (their team's and unassigned ones) or `all`. Admins see all.
 */
export const VISIBILITIES = ['own', 'team', 'all'] as const;
export const visibilitySchema = z.enum(VISIBILITIES, { error: 'Visibility must be own, team or all.' });
export type Visibility = z.infer<typeof visibilitySchema>;

/** The signed-in user as the browser keeps it (local storage key auth_user). */
export const sessionUserSchema = z.object({
  _id: uuidSchema,
  email: z.string(),
  full_name: z.string(),
  groups: z.array(z.string()),
  is_admin: z.boolean(),
  is_staff: z.boolean(),
  created_at: timestampSchema,
  /** Whose records the user sees (admins see all whatever it says), and the team it counts. */
  visibility: visibilitySchema,
  team_id: uuidSchema.nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginResponseSchema = z.object({
  access_token: z.string(),
  user: sessionUserSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const passwordResetRequestSchema = z.object({ email: emailSchema });
export type PasswordResetRequest = z.input<typeof passwordResetRequestSchema>;

/** A reset token's longest accepted spelling (the links carry 43 characters). */
export const RESET_TOKEN_MAX_LENGTH = 200;

export const passwordResetConfirmSchema = z.object({
  token: z.string({ error: 'Token is required.' }).min(1, 'Token is required.').max(RESET_TOKEN_MAX_LENGTH),
  password: newPasswordSchema,
});
export type PasswordResetConfirm = z.input<typeof passwordResetConfirmSchema>;

export const CURRENT_PASSWORD_REQUIRED = 'Your current password is required.';
export const SAME_PASSWORD = 'The new password must differ from the current one.';

/** A signed-in user changing their own password: the current one proves it is them, not a borrowed session. */
export const changePasswordSchema = z
  .object({
    current_password: z.string({ error: CURRENT_PASSWORD_REQUIRED }).min(1, CURRENT_PASSWORD_REQUIRED).max(PASSWORD_MAX_LENGTH),
    new_password: newPasswordSchema,
  })
  .refine((change) => change.current_password !== change.new_password, { path: ['new_password'], message: SAME_PASSWORD });
export type ChangePassword = z.input<typeof changePasswordSchema>;

export const WRONG_CURRENT_PASSWORD = 'current_password: the current password is not correct';
export const PASSWORD_CHANGED_MESSAGE = 'Your password has been changed. Your other sessions have been signed out.';

/** Same answer whether or not the account exists, so the form cannot be used to probe for accounts. */
export const PASSWORD_RESET_REQUESTED_MESSAGE = 'If an account exists for that address, a reset link has been sent.';
export const PASSWORD_RESET_DONE_MESSAGE = 'Your password has been changed. Please sign in with the new password.';

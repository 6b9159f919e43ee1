import { z } from 'zod';
import { timestampSchema, uuidSchema } from './common';
import { EMAIL_MAX_LENGTH } from './auth';

/** The mail providers an account can be kept for; each has its own web mail. */
export const EMAIL_PROVIDERS = ['zoho', 'gmail', 'outlook', 'yahoo'] as const;
export type EmailProvider = (typeof EMAIL_PROVIDERS)[number];

/** Mailbox passwords are stored encrypted, not hashed, so only a bound on size is needed. */
export const EMAIL_ACCOUNT_PASSWORD_MAX_LENGTH = 1024;

export const EMAIL_ACCOUNT_REQUIRED = 'Please fill in email address and password';
export const EMAIL_ADDRESS_INVALID = 'Please enter a valid email address';
export const EMAIL_PROVIDER_INVALID = `Please choose a provider: ${EMAIL_PROVIDERS.join(', ')}`;

const emailAddressSchema = z
  .string({ error: EMAIL_ACCOUNT_REQUIRED })
  .trim()
  .toLowerCase()
  // An empty address is "missing", not also "invalid".
  .min(1, { error: EMAIL_ACCOUNT_REQUIRED, abort: true })
  .max(EMAIL_MAX_LENGTH, `Email address must be at most ${EMAIL_MAX_LENGTH} characters`)
  .check(z.email(EMAIL_ADDRESS_INVALID));

const providerSchema = z.enum(EMAIL_PROVIDERS, { error: EMAIL_PROVIDER_INVALID });

/** Kept exactly as typed (no trimming): it is somebody's real mailbox password. */
function mailboxPassword(minLength: 0 | 1) {
  return z
    .string({ error: EMAIL_ACCOUNT_REQUIRED })
    .min(minLength, EMAIL_ACCOUNT_REQUIRED)
    .max(EMAIL_ACCOUNT_PASSWORD_MAX_LENGTH, `Password must be at most ${EMAIL_ACCOUNT_PASSWORD_MAX_LENGTH} characters`);
}

export const createEmailAccountSchema = z.object({
  email_address: emailAddressSchema,
  provider: providerSchema,
  password: mailboxPassword(1),
});
export type CreateEmailAccountInput = z.input<typeof createEmailAccountSchema>;
export type CreateEmailAccount = z.output<typeof createEmailAccountSchema>;

/** The edit form starts with an empty password: empty or left out keeps the stored one. */
export const updateEmailAccountSchema = createEmailAccountSchema.extend({
  password: mailboxPassword(0).optional(),
});
export type UpdateEmailAccountInput = z.input<typeof updateEmailAccountSchema>;
export type UpdateEmailAccount = z.output<typeof updateEmailAccountSchema>;

/** An account as listed: the password is write-only and never part of it. */
export const emailAccountSchema = z.object({
  id: uuidSchema,
  email_address: z.string(),
  // A plain string, not the enum: a row from an older provider list must still be listed.
  provider: z.string(),
  is_active: z.boolean(),
  created_at: timestampSchema,
  /** When the owner last revealed the password, or null if never. */
  last_revealed_at: timestampSchema.nullable(),
});
export type EmailAccount = z.infer<typeof emailAccountSchema>;
export const emailAccountListSchema = z.array(emailAccountSchema);

/** The one answer that carries a password: GET /email/accounts/{id}/password. */
export const emailAccountPasswordSchema = z.object({ password: z.string() });
export type EmailAccountPassword = z.infer<typeof emailAccountPasswordSchema>;

export const webInterfaceUrlSchema = z.object({ url: z.url() });
export type WebInterfaceUrl = z.infer<typeof webInterfaceUrlSchema>;

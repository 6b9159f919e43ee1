import { z } from 'zod';
import { hasControlCharacter, timestampSchema, uuidSchema } from './common';
import { EMAIL_MAX_LENGTH } from './auth';

/** The mail providers an account can be kept for: each but `other` has its own web mail and server presets. */
export const EMAIL_PROVIDERS = ['zoho', 'gmail', 'outlook', 'yahoo', 'other'] as const;
export type EmailProvider = (typeof EMAIL_PROVIDERS)[number];

/** How a connection to a mail server is protected: TLS from the start, STARTTLS, or none (only to hosts MAIL_HOSTS_ALLOWED names). */
export const MAIL_SECURITY = ['tls', 'starttls', 'none'] as const;
export type MailSecurity = (typeof MAIL_SECURITY)[number];
export const MAIL_SECURITY_LABELS: Record<MailSecurity, string> = { tls: 'TLS', starttls: 'STARTTLS', none: 'None (not encrypted)' };

/** The servers of a mailbox: incoming (IMAP) and outgoing (SMTP). */
export interface MailServers {
  imap_host: string;
  imap_port: number;
  imap_security: MailSecurity;
  smtp_host: string;
  smtp_port: number;
  smtp_security: MailSecurity;
  /** Whether a mail sent through SMTP is also put in the Sent folder (false where the provider files it itself). */
  save_sent: boolean;
}

/**
 * The servers of each provider offered, as the providers publish them. They take an app password
 * (a password made for one program in the account's security settings), not the account's own.
 */
export const MAILBOX_PRESETS: Record<Exclude<EmailProvider, 'other'>, MailServers & { password_help: string }> = {
  gmail: {
    imap_host: 'imap.gmail.com',
    imap_port: 993,
    imap_security: 'tls',
    smtp_host: 'smtp.gmail.com',
    smtp_port: 465,
    smtp_security: 'tls',
    save_sent: false,
    password_help: 'Use an app password: Google Account → Security → 2-Step Verification → App passwords.',
  },
  outlook: {
    imap_host: 'outlook.office365.com',
    imap_port: 993,
    imap_security: 'tls',
    smtp_host: 'smtp.office365.com',
    smtp_port: 587,
    smtp_security: 'starttls',
    save_sent: true,
    password_help: 'Use an app password: Microsoft account → Security → Advanced security options → App passwords.',
  },
  yahoo: {
    imap_host: 'imap.mail.yahoo.com',
    imap_port: 993,
    imap_security: 'tls',
    smtp_host: 'smtp.mail.yahoo.com',
    smtp_port: 465,
    smtp_security: 'tls',
    save_sent: true,
    password_help: 'Use an app password: Yahoo Account security → Generate app password.',
  },
  zoho: {
    imap_host: 'imap.zoho.com',
    imap_port: 993,
    imap_security: 'tls',
    smtp_host: 'smtp.zoho.com',
    smtp_port: 465,
    smtp_security: 'tls',
    save_sent: true,
    password_help: 'Use an application-specific password: Zoho Accounts → Security → App Passwords (and enable IMAP in Mail settings).',
  },
};

/** The preset of a provider, or none for `other` (whose servers are typed). */
export function mailboxPreset(provider: EmailProvider): (MailServers & { password_help: string }) | null {
  return provider === 'other' ? null : MAILBOX_PRESETS[provider];
}

export const MAIL_HOST_MAX_LENGTH = 253;
const HOST_PATTERN = /^(?:\[[0-9a-fA-F:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*)$/;

const hostSchema = (field: string) =>
  z
    .string({ error: `${field}: must be text` })
    .trim()
    .toLowerCase()
    .min(1, `${field}: please enter the server's name`)
    .max(MAIL_HOST_MAX_LENGTH, `${field}: must be at most ${MAIL_HOST_MAX_LENGTH} characters`)
    .regex(HOST_PATTERN, `${field}: enter a host name such as mail.example.com (no scheme, port or path)`);
const portSchema = (field: string) =>
  z.coerce
    .number({ error: `${field}: must be a port number` })
    .int(`${field}: must be a whole number`)
    .min(1, `${field}: must be between 1 and 65535`)
    .max(65535, `${field}: must be between 1 and 65535`);
const securitySchema = (field: string) => z.enum(MAIL_SECURITY, { error: `${field}: choose TLS, STARTTLS or None` });

/** A login name other than the address (some providers and servers use another). */
export const LOGIN_NAME_MAX_LENGTH = 320;

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

/**
 * The servers may be left out for a provider with a preset (its preset is taken); `other` needs
 * them. `check_connection`: both servers are tried before anything is saved, and the save is
 * refused with what failed (the form always asks for it; an API caller may not).
 */
const serverFields = {
  imap_host: hostSchema('imap_host').optional(),
  imap_port: portSchema('imap_port').optional(),
  imap_security: securitySchema('imap_security').optional(),
  smtp_host: hostSchema('smtp_host').optional(),
  smtp_port: portSchema('smtp_port').optional(),
  smtp_security: securitySchema('smtp_security').optional(),
  save_sent: z.boolean({ error: 'save_sent: must be true or false' }).optional(),
  login_name: z
    .string({ error: 'login_name: must be text' })
    .trim()
    .max(LOGIN_NAME_MAX_LENGTH, `login_name: must be at most ${LOGIN_NAME_MAX_LENGTH} characters`)
    .refine((name) => !hasControlCharacter(name), 'login_name: must not contain control characters')
    .optional()
    .nullable(),
  check_connection: z.boolean({ error: 'check_connection: must be true or false' }).optional(),
};

export const OTHER_PROVIDER_SERVERS_REQUIRED = 'Please enter the incoming (IMAP) and outgoing (SMTP) servers of this mailbox';

/** `other` names its own servers; every server field is then required. */
function serversGiven(
  account: { provider: EmailProvider } & Partial<Record<'imap_host' | 'smtp_host', string>> & Partial<Record<'imap_port' | 'smtp_port', number>>,
) {
  return account.provider !== 'other' || Boolean(account.imap_host && account.imap_port && account.smtp_host && account.smtp_port);
}

export const createEmailAccountSchema = z
  .object({
    email_address: emailAddressSchema,
    provider: providerSchema,
    password: mailboxPassword(1),
    ...serverFields,
  })
  .refine(serversGiven, { error: OTHER_PROVIDER_SERVERS_REQUIRED, path: ['imap_host'] });
export type CreateEmailAccountInput = z.input<typeof createEmailAccountSchema>;
export type CreateEmailAccount = z.output<typeof createEmailAccountSchema>;

/** The edit form starts with an empty password: empty or left out keeps the stored one. */
export const updateEmailAccountSchema = z
  .object({
    email_address: emailAddressSchema,
    provider: providerSchema,
    password: mailboxPassword(0).optional(),
    ...serverFields,
  })
  .refine(serversGiven, { error: OTHER_PROVIDER_SERVERS_REQUIRED, path: ['imap_host'] });
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
  /** Its servers; null for an account kept as credentials only. */
  imap_host: z.string().nullable(),
  imap_port: z.number().int().nullable(),
  imap_security: z.enum(MAIL_SECURITY).nullable(),
  smtp_host: z.string().nullable(),
  smtp_port: z.number().int().nullable(),
  smtp_security: z.enum(MAIL_SECURITY).nullable(),
  save_sent: z.boolean(),
  login_name: z.string().nullable(),
  /**
   * `connected`: both servers took the password at the last check; it is fetched every minute and
   * offered to send from. `password_failed`: its server stopped taking the password (since
   * `auth_failed_at`); nothing is fetched or sent until it is entered again. `not_connected`: never
   * checked, or changed since.
   */
  connection: z.enum(['connected', 'password_failed', 'not_connected']),
  connected_at: timestampSchema.nullable(),
  auth_failed_at: timestampSchema.nullable(),
  /** The end of the last fetch, and what went wrong in it (in a user's words), if anything. */
  fetched_at: timestampSchema.nullable(),
  fetch_error: z.string().nullable(),
});
export type EmailAccount = z.infer<typeof emailAccountSchema>;
export const emailAccountListSchema = z.array(emailAccountSchema);

/** The one answer that carries a password: GET /email/accounts/{id}/password. */
export const emailAccountPasswordSchema = z.object({ password: z.string() });
export type EmailAccountPassword = z.infer<typeof emailAccountPasswordSchema>;

export const webInterfaceUrlSchema = z.object({ url: z.url() });
export type WebInterfaceUrl = z.infer<typeof webInterfaceUrlSchema>;

/** POST /email/accounts/check: the form's values, tried without saving; `account_id` lends the stored password when none is typed. */
export const checkEmailAccountSchema = z
  .object({
    account_id: uuidSchema.optional(),
    email_address: emailAddressSchema,
    provider: providerSchema,
    password: mailboxPassword(0).optional(),
    ...serverFields,
  })
  .refine(serversGiven, { error: OTHER_PROVIDER_SERVERS_REQUIRED, path: ['imap_host'] })
  .refine((body) => Boolean(body.password) || Boolean(body.account_id), { error: EMAIL_ACCOUNT_REQUIRED, path: ['password'] });
export type CheckEmailAccountInput = z.input<typeof checkEmailAccountSchema>;
export type CheckEmailAccount = z.output<typeof checkEmailAccountSchema>;

/** What a check found of one server: ok, or what failed in a user's words. */
export const serverCheckSchema = z.object({ ok: z.boolean(), message: z.string() });
export const connectionCheckSchema = z.object({ ok: z.boolean(), imap: serverCheckSchema, smtp: serverCheckSchema });
export type ConnectionCheck = z.infer<typeof connectionCheckSchema>;

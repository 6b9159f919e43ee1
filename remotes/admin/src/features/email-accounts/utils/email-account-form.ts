import {
  createEmailAccountSchema,
  EMAIL_ACCOUNT_REQUIRED,
  mailboxPreset,
  updateEmailAccountSchema,
  type CreateEmailAccountInput,
  type EmailAccount,
  type EmailProvider,
  type MailSecurity,
  type UpdateEmailAccountInput,
} from '@app/shared/forms';

export interface EmailAccountFormValues {
  emailAddress: string;
  provider: EmailProvider;
  /** Empty on edit: the stored password is kept unless a new one is typed. */
  password: string;
  imapHost: string;
  imapPort: string;
  imapSecurity: MailSecurity;
  smtpHost: string;
  smtpPort: string;
  smtpSecurity: MailSecurity;
  /** Empty: the address is the login. */
  loginName: string;
  saveSent: boolean;
}

type Field = keyof EmailAccountFormValues;
export type EmailAccountFormErrors = Partial<Record<Field | 'form', string>>;

/** The form's server fields for a provider: its preset, or empty for another provider's to be typed. */
export function serverValues(
  provider: EmailProvider,
): Pick<EmailAccountFormValues, 'imapHost' | 'imapPort' | 'imapSecurity' | 'smtpHost' | 'smtpPort' | 'smtpSecurity' | 'saveSent'> {
  const preset = mailboxPreset(provider);
  return {
    imapHost: preset?.imap_host ?? '',
    imapPort: String(preset?.imap_port ?? 993),
    imapSecurity: preset?.imap_security ?? 'tls',
    smtpHost: preset?.smtp_host ?? '',
    smtpPort: String(preset?.smtp_port ?? 465),
    smtpSecurity: preset?.smtp_security ?? 'tls',
    saveSent: preset?.save_sent ?? true,
  };
}

export const EMPTY_EMAIL_ACCOUNT_FORM: EmailAccountFormValues = { emailAddress: '', provider: 'gmail', password: '', loginName: '', ...serverValues('gmail') };

export function emailAccountFormValues(account: EmailAccount): EmailAccountFormValues {
  const provider = account.provider as EmailProvider;
  const preset = serverValues(provider);
  return {
    emailAddress: account.email_address,
    provider,
    password: '',
    loginName: account.login_name ?? '',
    imapHost: account.imap_host ?? preset.imapHost,
    imapPort: String(account.imap_port ?? preset.imapPort),
    imapSecurity: account.imap_security ?? preset.imapSecurity,
    smtpHost: account.smtp_host ?? preset.smtpHost,
    smtpPort: String(account.smtp_port ?? preset.smtpPort),
    smtpSecurity: account.smtp_security ?? preset.smtpSecurity,
    saveSent: account.save_sent,
  };
}

const FIELD_OF: Record<string, Field> = {
  email_address: 'emailAddress',
  provider: 'provider',
  password: 'password',
  imap_host: 'imapHost',
  imap_port: 'imapPort',
  imap_security: 'imapSecurity',
  smtp_host: 'smtpHost',
  smtp_port: 'smtpPort',
  smtp_security: 'smtpSecurity',
  login_name: 'loginName',
};

/** What the form sends: its servers too, and always with Check connection (a save that fails it saves nothing). */
export function toBody(values: EmailAccountFormValues): CreateEmailAccountInput {
  return {
    email_address: values.emailAddress,
    provider: values.provider,
    password: values.password,
    imap_host: values.imapHost,
    imap_port: values.imapPort.trim() === '' ? undefined : Number(values.imapPort),
    imap_security: values.imapSecurity,
    smtp_host: values.smtpHost,
    smtp_port: values.smtpPort.trim() === '' ? undefined : Number(values.smtpPort),
    smtp_security: values.smtpSecurity,
    save_sent: values.saveSent,
    login_name: values.loginName.trim() || null,
    check_connection: true,
  };
}

export type EmailAccountFormResult = { ok: true; body: CreateEmailAccountInput | UpdateEmailAccountInput } | { ok: false; errors: EmailAccountFormErrors };

/** A server field's message without the field's name, which the form shows as the label. */
const withoutField = (message: string) => message.replace(/^(imap|smtp)_\w+: /, '').replace(/^login_name: /, '');

/**
 * The form is checked with the same contract the server applies; this is the one place its
 * issues become the screen's messages. A missing address or password is the one sentence the
 * form shows above its buttons, the rest stand under their field.
 */
export function checkEmailAccountForm(values: EmailAccountFormValues, editing: boolean): EmailAccountFormResult {
  const body = toBody(values);
  const result = editing ? updateEmailAccountSchema.safeParse(body) : createEmailAccountSchema.safeParse(body);
  if (result.success) return { ok: true, body: editing && !values.password ? { ...body, password: undefined } : body };
  const errors: EmailAccountFormErrors = {};
  for (const issue of result.error.issues) {
    if (issue.message === EMAIL_ACCOUNT_REQUIRED) {
      errors.form = EMAIL_ACCOUNT_REQUIRED;
      continue;
    }
    const field = FIELD_OF[String(issue.path[0])];
    if (field && !errors[field]) errors[field] = withoutField(issue.message);
    else if (!field && !errors.form) errors.form = issue.message;
  }
  return { ok: false, errors };
}

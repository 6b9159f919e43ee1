import {
  createEmailAccountSchema,
  EMAIL_ACCOUNT_REQUIRED,
  updateEmailAccountSchema,
  type CreateEmailAccountInput,
  type EmailAccount,
  type EmailProvider,
  type UpdateEmailAccountInput,
} from '@app/shared/forms';

export interface EmailAccountFormValues {
  emailAddress: string;
  provider: EmailProvider;
  /** Empty on edit: the stored password is kept unless a new one is typed. */
  password: string;
}

type Field = 'emailAddress' | 'provider' | 'password';
export type EmailAccountFormErrors = Partial<Record<Field | 'form', string>>;

export const EMPTY_EMAIL_ACCOUNT_FORM: EmailAccountFormValues = { emailAddress: '', provider: 'gmail', password: '' };

export function emailAccountFormValues(account: EmailAccount): EmailAccountFormValues {
  const provider = account.provider as EmailProvider;
  return { emailAddress: account.email_address, provider, password: '' };
}

const FIELD_OF: Record<string, Field> = { email_address: 'emailAddress', provider: 'provider', password: 'password' };

function toBody(values: EmailAccountFormValues): CreateEmailAccountInput {
  return { email_address: values.emailAddress, provider: values.provider, password: values.password };
}

export type EmailAccountFormResult = { ok: true; body: CreateEmailAccountInput | UpdateEmailAccountInput } | { ok: false; errors: EmailAccountFormErrors };

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
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

import { EMAIL_ACCOUNT_REQUIRED } from '@app/shared/forms';
import { account } from '../../components/__tests__/email-accounts-api';
import { checkEmailAccountForm, emailAccountFormValues, EMPTY_EMAIL_ACCOUNT_FORM, serverValues } from '../email-account-form';

const filled = {
  ...EMPTY_EMAIL_ACCOUNT_FORM,
  emailAddress: ' Team@Orbitra.Test ',
  provider: 'zoho' as const,
  password: ' keep spaces ',
  ...serverValues('zoho'),
};
const zohoServers = {
  imap_host: 'imap.zoho.com',
  imap_port: 993,
  imap_security: 'tls',
  smtp_host: 'smtp.zoho.com',
  smtp_port: 465,
  smtp_security: 'tls',
  save_sent: true,
  login_name: null,
  check_connection: true,
};

describe('checkEmailAccountForm', () => {
  it('asks for both address and password when either is missing on add', () => {
    expect(checkEmailAccountForm(EMPTY_EMAIL_ACCOUNT_FORM, false)).toEqual({ ok: false, errors: { form: EMAIL_ACCOUNT_REQUIRED } });
    expect(checkEmailAccountForm({ ...filled, password: '' }, false)).toEqual({ ok: false, errors: { form: EMAIL_ACCOUNT_REQUIRED } });
    expect(checkEmailAccountForm({ ...filled, emailAddress: '  ' }, false)).toEqual({ ok: false, errors: { form: EMAIL_ACCOUNT_REQUIRED } });
  });

  it('keeps the stored password when the edit leaves it empty', () => {
    expect(checkEmailAccountForm({ ...filled, password: '' }, true)).toEqual({
      ok: true,
      body: { email_address: ' Team@Orbitra.Test ', provider: 'zoho', password: undefined, ...zohoServers },
    });
  });

  it('sends the password exactly as typed, with the servers, asking for the connection to be checked', () => {
    const result = checkEmailAccountForm(filled, false);
    expect(result).toEqual({ ok: true, body: { email_address: ' Team@Orbitra.Test ', provider: 'zoho', password: ' keep spaces ', ...zohoServers } });
  });

  it('puts the other rules of the contract under their field', () => {
    expect(checkEmailAccountForm({ ...filled, emailAddress: 'not-an-address' }, false)).toEqual({
      ok: false,
      errors: { emailAddress: 'Please enter a valid email address' },
    });
    expect(checkEmailAccountForm({ ...filled, password: 'x'.repeat(1025) }, true)).toEqual({
      ok: false,
      errors: { password: 'Password must be at most 1024 characters' },
    });
    expect(checkEmailAccountForm({ ...filled, imapHost: 'https://mail.example.com/', smtpPort: '70000' }, false)).toEqual({
      ok: false,
      errors: { imapHost: 'enter a host name such as mail.example.com (no scheme, port or path)', smtpPort: 'must be between 1 and 65535' },
    });
  });

  it('starts an edit from the account, its servers and an empty password', () => {
    expect(emailAccountFormValues(account(1, { provider: 'yahoo', imap_host: 'imap.mail.yahoo.com', smtp_host: 'smtp.mail.yahoo.com' }))).toMatchObject({
      emailAddress: 'box1@orbitra.test',
      provider: 'yahoo',
      password: '',
      imapHost: 'imap.mail.yahoo.com',
      imapPort: '993',
      smtpHost: 'smtp.mail.yahoo.com',
    });
  });
});

import { EMAIL_ACCOUNT_REQUIRED } from '@app/shared/forms';
import { checkEmailAccountForm, emailAccountFormValues, EMPTY_EMAIL_ACCOUNT_FORM } from '../email-account-form';

const filled = { emailAddress: ' Team@Orbitra.Test ', provider: 'zoho' as const, password: ' keep spaces ' };

describe('checkEmailAccountForm', () => {
  it('asks for both address and password when either is missing on add', () => {
    expect(checkEmailAccountForm(EMPTY_EMAIL_ACCOUNT_FORM, false)).toEqual({ ok: false, errors: { form: EMAIL_ACCOUNT_REQUIRED } });
    expect(checkEmailAccountForm({ ...filled, password: '' }, false)).toEqual({ ok: false, errors: { form: EMAIL_ACCOUNT_REQUIRED } });
    expect(checkEmailAccountForm({ ...filled, emailAddress: '  ' }, false)).toEqual({ ok: false, errors: { form: EMAIL_ACCOUNT_REQUIRED } });
  });

  it('keeps the stored password when the edit leaves it empty', () => {
    expect(checkEmailAccountForm({ ...filled, password: '' }, true)).toEqual({
      ok: true,
      body: { email_address: ' Team@Orbitra.Test ', provider: 'zoho', password: undefined },
    });
  });

  it('sends the password exactly as typed', () => {
    const result = checkEmailAccountForm(filled, false);
    expect(result).toEqual({ ok: true, body: { email_address: ' Team@Orbitra.Test ', provider: 'zoho', password: ' keep spaces ' } });
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
  });

  it('starts an edit from the account with an empty password', () => {
    expect(
      emailAccountFormValues({
        id: 'x',
        email_address: 'a@b.io',
        provider: 'yahoo',
        is_active: true,
        created_at: '2026-01-01T00:00:00.000Z',
        last_revealed_at: null,
      }),
    ).toEqual({ emailAddress: 'a@b.io', provider: 'yahoo', password: '' });
  });
});

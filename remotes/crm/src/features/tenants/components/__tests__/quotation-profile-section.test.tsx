import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast } from '@app/shared';
import { type QuotationProfile } from '@app/shared/forms';
import { mockFetch, signIn } from '../../../../test/fetch-mock';
import { tenant, TENANT_ID } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { TenantFormDialog } from '../tenant-form-dialog';

// The smallest PNG: signature, IHDR, IDAT and IEND (a 1 × 1 pixel).
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const PROFILE_PATH = `/crm/tenants/${TENANT_ID}/quotation-profile`;
const BLANK: QuotationProfile = {
  tenant_id: TENANT_ID,
  company_name: '',
  company_address: '',
  company_phone: '',
  company_email: '',
  company_website: '',
  tax_rate: 8.25,
  terms: '',
  logo: null,
  logo_type: null,
  updated_at: null,
};

jest.setTimeout(20_000);
beforeEach(() => signIn({ isAdmin: true }));
afterEach(() => dismissToast());

function renderForm(saved: QuotationProfile = BLANK) {
  const api = mockFetch(({ method, path, body }) => {
    if (path !== PROFILE_PATH) return undefined;
    if (method === 'GET') return { body: saved };
    return { body: { ...saved, ...(body as object), logo_type: (body as { logo?: string }).logo ? 'image/png' : null } };
  });
  renderWithProviders(<TenantFormDialog tenant={tenant()} onDismiss={jest.fn()} />);
  return { ...api, user: userEvent.setup() };
}

const profileForm = () => screen.getByRole('form', { name: 'Quotation profile' });

describe('QuotationProfileSection', () => {
  it("edits the tenant's sender, tax rate, terms and logo, apart from the tenant's own fields", async () => {
    const { user, calls } = renderForm();
    const form = await screen.findByRole('form', { name: 'Quotation profile' });
    await user.type(within(form).getByLabelText('Company name'), 'Orbitra Ltd');
    await user.type(within(form).getByLabelText('Company email'), 'sales@orbitra.example.com');
    await user.clear(within(form).getByLabelText('Default tax rate (%)'));
    await user.type(within(form).getByLabelText('Default tax rate (%)'), '23');
    await user.type(within(form).getByLabelText('Default terms'), 'Payment within 15 days.');
    const png = Uint8Array.from(atob(PNG_BASE64), (char) => char.charCodeAt(0));
    await user.upload(within(form).getByLabelText('Logo'), new File([png], 'logo.png', { type: 'image/png' }));
    expect(await within(form).findByRole('img', { name: 'Logo' })).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save Quotation Profile' }));
    expect(await screen.findByText('Quotation profile saved')).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.path).toBe(PROFILE_PATH);
    expect(put.body).toMatchObject({
      company_name: 'Orbitra Ltd',
      company_email: 'sales@orbitra.example.com',
      tax_rate: 23,
      terms: 'Payment within 15 days.',
      logo: PNG_BASE64,
    });
  });

  it('refuses a file that is not a PNG or JPEG by its bytes, whatever its name, and says why', async () => {
    const { user, calls } = renderForm();
    const form = await screen.findByRole('form', { name: 'Quotation profile' });
    await user.upload(within(form).getByLabelText('Logo'), new File(['not really a picture'], 'logo.png', { type: 'image/png' }));
    expect(await within(form).findByText('Must be a PNG or JPEG image.')).toBeInTheDocument();
    expect(within(form).queryByRole('img', { name: 'Logo' })).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText('Company email'), 'not an email');
    await user.click(within(form).getByRole('button', { name: 'Save Quotation Profile' }));
    expect(within(form).getByText('Must be a valid email address.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('shows the saved profile and logo, and removes the logo on request', async () => {
    const { user, calls } = renderForm({ ...BLANK, company_name: 'Orbitra Ltd', tax_rate: 20, logo: PNG_BASE64, logo_type: 'image/png' });
    const form = await screen.findByRole('form', { name: 'Quotation profile' });
    expect(within(form).getByLabelText('Company name')).toHaveValue('Orbitra Ltd');
    expect(within(form).getByLabelText('Default tax rate (%)')).toHaveValue(20);
    expect(within(form).getByRole('img', { name: 'Logo' })).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Remove logo' }));
    expect(within(profileForm()).queryByRole('img', { name: 'Logo' })).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save Quotation Profile' }));
    await screen.findByText('Quotation profile saved');
    expect(calls.find((call) => call.method === 'PUT')!.body).toMatchObject({ logo: null });
  });
});

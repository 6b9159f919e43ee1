import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast } from '@app/shared';
import { type QuotationProfile } from '@app/shared/forms';
import { mockFetch, signIn } from '../../../../test/fetch-mock';
import { tenant, TENANT_ID } from '../../../../test/fixtures';
import { quotationProfile } from '@app/shared/testing/quotation-profile';
import { renderWithProviders } from '../../../../test/render';
import { TenantFormDialog } from '../tenant-form-dialog';

// The smallest PNG: signature, IHDR, IDAT and IEND (a 1 × 1 pixel).
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const PROFILE_PATH = `/crm/tenants/${TENANT_ID}/quotation-profile`;
const BLANK = quotationProfile();

jest.setTimeout(30_000);
beforeEach(() => signIn({ isAdmin: true }));
afterEach(() => dismissToast());

const TENANT_PATH = `/crm/tenants/${TENANT_ID}`;

/** The tenant and profile APIs; `refuse` answers a section's PUT with a refusal instead. */
function renderForm(start: QuotationProfile = BLANK, refuse: { tenant?: string; profile?: string } = {}) {
  let saved = start;
  const api = mockFetch(({ method, path, body }) => {
    if (method === 'PUT' && path === TENANT_PATH) {
      return refuse.tenant ? { status: 409, body: { detail: refuse.tenant } } : { body: { ...tenant(), ...(body as object) } };
    }
    if (path !== PROFILE_PATH) return undefined;
    if (method === 'GET') return { body: saved };
    if (refuse.profile) return { status: 400, body: { detail: refuse.profile } };
    saved = { ...saved, ...(body as object), logo_type: (body as { logo?: string }).logo ? 'image/png' : null };
    return { body: saved };
  });
  const onDismiss = jest.fn();
  renderWithProviders(<TenantFormDialog tenant={tenant()} onDismiss={onDismiss} />);
  return { ...api, onDismiss, user: userEvent.setup() };
}

async function section() {
  const region = await screen.findByRole('region', { name: 'Quotation profile' });
  await within(region).findByLabelText('Company name');
  return region;
}
const dialog = () => screen.getByRole('dialog', { name: 'Edit Tenant' });
const puts = (calls: { method: string; path: string }[]) => calls.filter((call) => call.method === 'PUT').map((call) => call.path);
const png = () => new File([Uint8Array.from(atob(PNG_BASE64), (char) => char.charCodeAt(0))], 'logo.png', { type: 'image/png' });

describe('QuotationProfileSection', () => {
  it("saves the tenant's own fields and its sender, tax rate, terms and logo with the one Save", async () => {
    const { user, calls, onDismiss } = renderForm();
    const form = await section();
    expect(within(dialog()).getAllByRole('button', { name: /^Save/ })).toHaveLength(1);
    await user.type(within(dialog()).getByLabelText('Description'), 'Our biggest client.');
    await user.type(within(form).getByLabelText('Company name'), 'Orbitra Ltd');
    await user.type(within(form).getByLabelText('Company email'), 'sales@orbitra.example.com');
    await user.clear(within(form).getByLabelText('Default tax rate (%)'));
    await user.type(within(form).getByLabelText('Default tax rate (%)'), '23');
    await user.type(within(form).getByLabelText('Default terms'), 'Payment within 15 days.');
    await user.upload(within(form).getByLabelText('Logo'), png());
    expect(await within(form).findByRole('img', { name: 'Logo' })).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onDismiss).toHaveBeenCalled());
    expect(screen.getByText('Tenant updated')).toBeInTheDocument();
    expect(puts(calls).sort()).toEqual([TENANT_PATH, PROFILE_PATH]);
    expect(calls.find((call) => call.path === TENANT_PATH && call.method === 'PUT')!.body).toMatchObject({ description: 'Our biggest client.' });
    expect(calls.find((call) => call.path === PROFILE_PATH && call.method === 'PUT')!.body).toMatchObject({
      company_name: 'Orbitra Ltd',
      company_email: 'sales@orbitra.example.com',
      tax_rate: 23,
      terms: 'Payment within 15 days.',
      logo: PNG_BASE64,
    });
  });

  it('keeps a refused file and its reason until it is removed or replaced, and saves nothing meanwhile', async () => {
    const { user, calls, onDismiss } = renderForm();
    const form = await section();
    await user.type(within(dialog()).getByLabelText('Description'), 'Changed.');
    await user.upload(within(form).getByLabelText('Logo'), new File(['not really a picture'], 'logo.png', { type: 'image/png' }));
    expect(await within(form).findByText('Must be a PNG or JPEG image.')).toBeInTheDocument();
    expect(within(form).queryByRole('img', { name: 'Logo' })).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText('Company email'), 'not an email');
    await user.click(within(dialog()).getByRole('button', { name: 'Save Changes' }));
    expect(within(form).getByText('Must be a valid email address.')).toBeInTheDocument();
    expect(within(form).getByText('Must be a PNG or JPEG image.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Company email')).toHaveFocus();

    await user.clear(within(form).getByLabelText('Company email'));
    await user.click(within(dialog()).getByRole('button', { name: 'Save Changes' }));
    expect(within(form).getByText('Must be a PNG or JPEG image.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Logo')).toHaveFocus();
    expect(puts(calls)).toEqual([]);
    expect(onDismiss).not.toHaveBeenCalled();

    await user.click(within(form).getByRole('button', { name: 'Remove file' }));
    expect(within(form).queryByText('Must be a PNG or JPEG image.')).not.toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onDismiss).toHaveBeenCalled());
    expect(puts(calls)).toEqual([TENANT_PATH]);
  });

  it('asks before Cancel or Escape drops unsaved changes of any section', async () => {
    const { user, onDismiss } = renderForm();
    const form = await section();
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);

    await user.type(within(form).getByLabelText('Company name'), 'Orbitra Ltd');
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    const confirm = screen.getByRole('dialog', { name: 'Discard unsaved changes?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep editing' }));
    expect(within(form).getByLabelText('Company name')).toHaveValue('Orbitra Ltd');

    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Discard unsaved changes?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onDismiss).toHaveBeenCalledTimes(2);
  });

  it('says which section failed and keeps everything typed when one request is refused', async () => {
    const { user, calls, onDismiss } = renderForm(BLANK, { tenant: 'domain: already used by another tenant' });
    const form = await section();
    await user.type(within(dialog()).getByLabelText('Description'), 'Kept.');
    await user.type(within(form).getByLabelText('Company name'), 'Orbitra Ltd');
    await user.click(within(dialog()).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
      "Not saved: the tenant's details (domain: already used by another tenant). Saved: the quotation profile.",
    );
    expect(within(dialog()).getByText('Already used by another tenant.')).toBeInTheDocument();
    expect(puts(calls).sort()).toEqual([TENANT_PATH, PROFILE_PATH]);
    expect(onDismiss).not.toHaveBeenCalled();
    expect(within(dialog()).getByLabelText('Description')).toHaveValue('Kept.');
    expect(within(form).getByLabelText('Company name')).toHaveValue('Orbitra Ltd');

    // The profile is saved; only the tenant's details are still unsaved, and Cancel still asks for them.
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('dialog', { name: 'Discard unsaved changes?' })).toBeInTheDocument();
  });

  it('shows the saved profile and logo, and removes the logo on request', async () => {
    const { user, calls, onDismiss } = renderForm({ ...BLANK, company_name: 'Orbitra Ltd', tax_rate: 20, logo: PNG_BASE64, logo_type: 'image/png' });
    const form = await section();
    expect(within(form).getByLabelText('Company name')).toHaveValue('Orbitra Ltd');
    expect(within(form).getByLabelText('Default tax rate (%)')).toHaveValue(20);
    expect(within(form).getByRole('img', { name: 'Logo' })).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Remove logo' }));
    expect(within(form).queryByRole('img', { name: 'Logo' })).not.toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onDismiss).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'PUT')!.body).toMatchObject({ logo: null });
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast } from '@app/shared';
import { mockFetch, signIn } from '../../../../test/fetch-mock';
import { tenant, TENANT_ID } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { TenantFormDialog } from '../tenant-form-dialog';

jest.setTimeout(20_000);
beforeEach(() => signIn({ isAdmin: true }));
afterEach(() => dismissToast());

describe('TenantFormDialog', () => {
  it("edits the tenant's currency, refusing a code that is no ISO 4217 currency", async () => {
    const { calls } = mockFetch(({ method, path, body }) => {
      if (method === 'PUT' && path === `/crm/tenants/${TENANT_ID}`) return { body: { ...tenant(), ...(body as object) } };
      if (path === `/crm/tenants/${TENANT_ID}/quotation-profile`) return { status: 404, body: { detail: 'Not found.' } };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<TenantFormDialog tenant={tenant()} onDismiss={jest.fn()} />);
    const currency = screen.getByRole('textbox', { name: 'Currency' });
    expect(currency).toHaveValue('USD');
    await user.clear(currency);
    await user.type(currency, 'XYZ');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText('Must be a three-letter ISO 4217 code, such as USD.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    await user.clear(currency);
    await user.type(currency, 'eur');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')!.body).toMatchObject({ currency: 'EUR' });
  });

  it('marks a tenant as receiving website enquiries; the tenant that has them cannot untick it', async () => {
    const { calls } = mockFetch(({ method, path, body }) => {
      if (method === 'PUT' && path === `/crm/tenants/${TENANT_ID}`) return { body: { ...tenant(), ...(body as object) } };
      if (path === `/crm/tenants/${TENANT_ID}/quotation-profile`) return { status: 404, body: { detail: 'Not found.' } };
      return undefined;
    });
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<TenantFormDialog tenant={tenant({ receives_website_enquiries: false })} onDismiss={jest.fn()} />);
    const box = screen.getByRole('checkbox', { name: 'Receives website enquiries' });
    expect(box).not.toBeChecked();
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')!.body).toMatchObject({ receives_website_enquiries: true });
    unmount();

    renderWithProviders(<TenantFormDialog tenant={tenant({ receives_website_enquiries: true })} onDismiss={jest.fn()} />);
    const marked = screen.getByRole('checkbox', { name: 'Receives website enquiries' });
    expect(marked).toBeChecked();
    expect(marked).toBeDisabled();
    expect(screen.getByText(/To move them, tick this on another tenant\./)).toBeInTheDocument();
  });
});

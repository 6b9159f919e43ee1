import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { dismissToast, setSelectedTenantId } from '@app/shared';
import { type Product } from '@app/shared/forms';
import { mockFetch, NOW, signIn, type MockRequest, type MockResponse } from '@app/shared/testing/fetch-mock';
import { product, quotationProfile, tenant, TENANT_ID } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import QuotationsPage from '../quotations-page';

const euros = (n: number, fields: Partial<Product> = {}) => product(n, { currency: 'EUR', tax_rate: 20, ...fields });

const CATALOGUE = [
  euros(1, { name: 'Senior developer', description: 'Billed by the hour', unit: 'hour', price: 95 }),
  euros(2, { name: 'Hosting', unit: 'month', price: 49.5, currency: 'USD' }),
  euros(3, { name: 'Legacy plan', unit: 'month', price: 300, archived: true, archived_at: NOW }),
];

/** The catalogue's API over the rows given; `extra` answers a request first. */
function catalogueApi(setupChanges: 'everyone' | 'admins' = 'everyone', extra?: (request: MockRequest) => MockResponse | undefined) {
  return mockFetch((request) => {
    const custom = extra?.(request);
    if (custom) return custom;
    if (request.path === '/crm/tenants') return { body: [tenant({ currency: 'EUR', setup_changes: setupChanges })] };
    if (request.path === `/crm/tenants/${TENANT_ID}/quotation-profile`) return { body: quotationProfile({ tax_rate: 19 }) };
    if (request.method === 'GET' && request.path === '/crm/products') {
      const status = request.query.get('status') ?? 'active';
      const q = (request.query.get('q') ?? '').toLowerCase();
      const products = CATALOGUE.filter((row) => (status === 'all' || row.archived === (status === 'archived')) && row.name.toLowerCase().includes(q));
      return { body: { products, pagination: { total: products.length, page: 1, limit: 20 } } };
    }
    return undefined;
  });
}

jest.setTimeout(30_000);

beforeEach(() => setSelectedTenantId(TENANT_ID));
afterEach(() => {
  dismissToast();
  window.localStorage.clear();
});

// Where the shell mounts the page: under /quotations/*.
const renderCatalogue = () =>
  renderWithProviders(
    <Routes>
      <Route path="/quotations/*" element={<QuotationsPage />} />
    </Routes>,
    { route: '/quotations/products' },
  );

describe('the catalogue of products and services', () => {
  it('lists the active products with their price per unit in their currency and tax rate, and says which one is priced in an old currency', async () => {
    signIn();
    catalogueApi();
    renderCatalogue();
    expect(screen.getByRole('heading', { level: 1, name: 'Products and services' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Quotations area' })).getByRole('link', { name: 'Catalogue' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const developer = await screen.findByRole('article', { name: 'Senior developer' });
    expect(developer).toHaveTextContent('€95.00 per hour');
    expect(developer).toHaveTextContent('20%');
    expect(developer).toHaveTextContent('Billed by the hour');
    const hosting = screen.getByRole('article', { name: 'Hosting' });
    expect(hosting).toHaveTextContent('$49.50 per month');
    expect(within(hosting).getByRole('note')).toHaveTextContent("Priced in USD, before the tenant's currency became EUR");
    expect(screen.queryByRole('article', { name: 'Legacy plan' })).not.toBeInTheDocument();
    await userEvent.setup().selectOptions(screen.getByLabelText('Show'), 'archived');
    expect(await screen.findByRole('article', { name: 'Legacy plan' })).toHaveTextContent('Archived');
  });

  it('adds a product: each field checked by the contract beside it, a name already taken said beside the name, then saved in the tenant', async () => {
    signIn();
    const { calls } = catalogueApi('everyone', ({ method, path, body }) => {
      if (method !== 'POST' || path !== '/crm/products') return undefined;
      const name = (body as { name: string }).name;
      if (name === 'Senior developer') return { status: 409, body: { detail: 'name: A product or service of this name is already in the catalogue.' } };
      return { status: 201, body: euros(9, { name }) };
    });
    const user = userEvent.setup();
    renderCatalogue();
    await screen.findByRole('article', { name: 'Senior developer' });
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Product' });
    // The tax rate starts from the tenant's quotation profile; the price is in the tenant's currency.
    await waitFor(() => expect(within(dialog).getByLabelText('Tax rate (%)')).toHaveValue('19'));
    await user.type(within(dialog).getByLabelText('Price (€)'), '1,5');
    await user.click(within(dialog).getByRole('button', { name: 'Add Product' }));
    expect(within(dialog).getByText('Please enter the name of the product or service.')).toBeInTheDocument();
    expect(within(dialog).getByText('Commas may only separate thousands, as in 1,500.50 (the decimal point is a dot).')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveFocus();

    await user.type(within(dialog).getByLabelText('Name'), 'Senior developer');
    await user.clear(within(dialog).getByLabelText('Price (€)'));
    await user.type(within(dialog).getByLabelText('Price (€)'), '1,500.50');
    await user.selectOptions(within(dialog).getByLabelText('Unit'), 'day');
    await user.click(within(dialog).getByRole('button', { name: 'Add Product' }));
    expect(await within(dialog).findByText('A product or service of this name is already in the catalogue.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveFocus();

    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Design day');
    await user.click(within(dialog).getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('Product added')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').at(-1)!.body).toEqual({
      tenant_id: TENANT_ID,
      name: 'Design day',
      description: '',
      unit: 'day',
      price: 1500.5,
      tax_rate: 19,
    });
  });

  it('edits only what changed (a price kept is not set again in the new currency), and archives with one choice', async () => {
    signIn();
    const { calls } = catalogueApi('everyone', ({ method, path }) =>
      method === 'PUT' && path.startsWith('/crm/products/') ? { body: CATALOGUE[1] } : undefined,
    );
    const user = userEvent.setup();
    renderCatalogue();
    const hosting = await screen.findByRole('article', { name: 'Hosting' });
    await user.click(within(hosting).getByRole('button', { name: 'Actions for Hosting' }));
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Product' });
    expect(within(dialog).getByText("Priced in USD; a price typed here is in EUR, the tenant's currency.")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Name'), ' (shared)');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Product updated')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({ name: 'Hosting (shared)' });

    await user.click(within(screen.getByRole('article', { name: 'Senior developer' })).getByRole('button', { name: 'Actions for Senior developer' }));
    await user.click(screen.getByRole('menuitem', { name: 'Archive' }));
    expect(await screen.findByText('Product archived')).toBeInTheDocument();
    const archived = calls.filter((call) => call.method === 'PUT').at(-1)!;
    expect([archived.path, archived.body]).toEqual([`/crm/products/${CATALOGUE[0].id}`, { archived: true }]);
  });

  it('shows a member of a tenant that keeps its setup for admins the catalogue without a control to change it', async () => {
    signIn({ isAdmin: false });
    catalogueApi('admins');
    renderCatalogue();
    await screen.findByRole('article', { name: 'Senior developer' });
    expect(screen.getByText('Only admins change products and services in this tenant.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Product' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Actions for/ })).not.toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast } from '@app/shared';
import { type Lead, type QuotationProfile } from '@app/shared/forms';
import { mockFetch, NOW, signIn, SIGNED_IN_ID, uid, type MockRequest, type MockResponse } from '@app/shared/testing/fetch-mock';
import { product, quotation, quotationProfile, tenant, TENANT_ID } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { QuotationBuilder, type BuilderTarget } from '../quotation-builder';

const NEW: BuilderTarget = { kind: 'new', leadId: null };

const PROFILE_PATH = `/crm/tenants/${TENANT_ID}/quotation-profile`;
const BLANK_PROFILE = quotationProfile();

/** The builder, once it has what it starts from (a new quotation waits for the tenant's profile). */
async function renderBuilder(
  target: BuilderTarget = NEW,
  handler: (request: MockRequest) => MockResponse | undefined = () => undefined,
  profile: QuotationProfile = BLANK_PROFILE,
) {
  const api = mockFetch((request) => {
    const answer = handler(request);
    if (answer) return answer;
    if (request.path === PROFILE_PATH) return { body: profile };
    // The tenants' list names the tenant's currency, as the page the builder opens on has loaded it.
    return request.path === '/crm/tenants' ? { body: [tenant()] } : undefined;
  });
  const onClose = jest.fn();
  const user = userEvent.setup();
  const view = renderWithProviders(<QuotationBuilder tenantId={TENANT_ID} target={target} onClose={onClose} />);
  await waitFor(() => expect(screen.queryByText('Loading...')).not.toBeInTheDocument());
  return { ...api, ...view, onClose, user };
}

/** A lead as the API answers it, with the fields a test names. */
function fullLead(lead: Partial<Lead>): Lead {
  return {
    prospect_id: null,
    assigned_to: null,
    created_at: NOW,
    updated_at: NOW,
    phone1_e164: null,
    phone1_shown: null,
    phone2_shown: null,
    phone3_shown: null,
    phone2: null,
    phone2_e164: null,
    phone3: null,
    phone3_e164: null,
    industry: null,
    city: null,
    website: null,
    anchor_href_link: null,
    manager: null,
    employees: null,
    founding_date: null,
    description: null,
    status_id: null,
    status_name: null,
    last_contacted: null,
    pipeline_stage_id: null,
    pipeline_stage_name: null,
    pipeline_stage_color: '#6B7280',
    owner_id: null,
    value: null,
    expected_close_date: null,
    probability: 10,
    own_probability: null,
    stage_probability: 10,
    won_at: null,
    lost_at: null,
    lost_reason: null,
    ...lead,
  } as Lead;
}

const dialog = () => screen.getByRole('dialog', { name: /Quotation/ });
const currentStep = () =>
  within(screen.getByRole('list', { name: 'Steps' }))
    .getAllByRole('listitem')
    .findIndex((item) => item.getAttribute('aria-current') === 'step');

// The builder is a large form: typing through it in jsdom takes several seconds.
jest.setTimeout(30_000);

beforeEach(() => signIn());
afterEach(() => {
  dismissToast();
  window.localStorage.clear();
});

describe('QuotationBuilder', () => {
  it('walks three steps, with Save only on the last', async () => {
    const { user } = await renderBuilder();
    expect(screen.getByRole('dialog', { name: 'Create New Quotation' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Steps' })).getAllByRole('listitem')).toHaveLength(3);
    expect(currentStep()).toBe(0);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save Quotation' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Company name')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(currentStep()).toBe(1);
    expect(screen.getByLabelText('Subscription plan')).toHaveValue('Base Plan - $50/month');
    expect(screen.getByLabelText('Tax rate (%)')).toHaveValue(8.25);
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(currentStep()).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(currentStep()).toBe(2);
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Quotation' })).toBeInTheDocument();
    // The server numbers it on save: no provisional number it would then replace.
    expect(screen.getByLabelText('Quote number')).toHaveValue('Number assigned on save');
    expect(screen.getByLabelText('Storage pricing note')).toHaveTextContent('1 GB = 4 extra blocks × $0.09 = $0.36 per month.');
  });

  it('computes each amount and the totals, and keeps at least one item', async () => {
    const { user } = await renderBuilder();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByLabelText('Item 1 description')).toHaveValue('New Item');
    await user.clear(screen.getByLabelText('Item 1 quantity'));
    await user.type(screen.getByLabelText('Item 1 quantity'), '3');
    await user.type(screen.getByLabelText('Item 1 rate'), '19.99');
    expect(screen.getByLabelText('Item 1 amount')).toHaveTextContent('$59.97');
    await user.click(screen.getByRole('button', { name: '+ Add Item' }));
    await user.type(screen.getByLabelText('Item 2 rate'), '40.03');
    await user.clear(screen.getByLabelText('Discount rate (%)'));
    await user.type(screen.getByLabelText('Discount rate (%)'), '10');
    const totals = within(dialog()).getByLabelText('Totals');
    // 100.00 − 10.00 = 90.00, plus 8.25 % tax (7.43).
    expect(totals).toHaveTextContent('Subtotal$100.00');
    expect(totals).toHaveTextContent('Discount−$10.00');
    expect(totals).toHaveTextContent('Tax$7.43');
    expect(totals).toHaveTextContent('Total (USD)$97.43');

    await user.click(screen.getByRole('button', { name: 'Remove item 1' }));
    expect(screen.getByLabelText('Item 1 rate')).toHaveValue(40.03);
    await user.click(screen.getByRole('button', { name: 'Remove item 1' }));
    expect(await screen.findByText('Cannot remove item')).toBeInTheDocument();
    expect(screen.getByText('At least one item is required.')).toBeInTheDocument();
    expect(screen.getByLabelText('Item 1 description')).toBeInTheDocument();
  });

  it('takes quantities with up to 3 decimals, computes their amounts to the cent and saves them as typed', async () => {
    const { user, calls } = await renderBuilder(NEW, ({ method }) => (method === 'POST' ? { status: 201, body: quotation(1) } : undefined));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const quantity = (n: number) => screen.getByLabelText(`Item ${n} quantity`);
    expect(within(quantity(1).closest('label')!).getByText('Qty')).toBeInTheDocument();
    await user.clear(quantity(1));
    await user.type(quantity(1), '0.5');
    await user.type(screen.getByLabelText('Item 1 rate'), '100');
    expect(screen.getByLabelText('Item 1 amount')).toHaveTextContent('$50.00');
    await user.click(screen.getByRole('button', { name: '+ Add Item' }));
    await user.clear(quantity(2));
    await user.type(quantity(2), '1.25');
    await user.type(screen.getByLabelText('Item 2 rate'), '0.99');
    // 1.25 × 0.99 = 1.2375: $1.24.
    expect(screen.getByLabelText('Item 2 amount')).toHaveTextContent('$1.24');
    await user.clear(screen.getByLabelText('Tax rate (%)'));
    await user.type(screen.getByLabelText('Tax rate (%)'), '0');
    expect(within(dialog()).getByLabelText('Totals')).toHaveTextContent('Total (USD)$51.24');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Save Quotation' }));
    expect(await screen.findByText('Quotation saved')).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST')!;
    expect((post.body as { items: unknown[] }).items).toEqual([
      { description: 'New Item', quantity: 0.5, unit: null, rate: 100 },
      { description: 'New Item', quantity: 1.25, unit: null, rate: 0.99 },
    ]);
  });

  it.each([
    ['1e3', 'Must be written without an exponent (1000, not 1e3).'],
    ['0.0005', 'Must have at most 3 decimals.'],
    ['1.2345', 'Must have at most 3 decimals.'],
    ['0', 'Must be more than 0.'],
    ['-1', 'Must be more than 0.'],
    ['', 'Must be a number.'],
  ])('shows the quantity field\'s error for "%s" instead of reading it as another number', async (typed, message) => {
    const { user, calls } = await renderBuilder();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const quantity = screen.getByLabelText('Item 1 quantity');
    await user.clear(quantity);
    if (typed) await user.type(quantity, typed);
    await user.type(screen.getByLabelText('Item 1 rate'), '100');
    expect(screen.getByLabelText('Item 1 amount')).toHaveTextContent('$0.00');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(currentStep()).toBe(1);
    expect(quantity).toHaveValue(typed);
    expect(quantity).toHaveAttribute('aria-invalid', 'true');
    expect(quantity).toHaveAccessibleDescription(`Item 1 quantity: ${message}`);
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await user.clear(quantity);
    await user.type(quantity, '2.5');
    expect(quantity).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Item 1 amount')).toHaveTextContent('$250.00');
  });

  it('holds the user on a step whose fields break the rules, with the message beside the field', async () => {
    const { user } = await renderBuilder();
    await user.type(screen.getByLabelText('Client email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(currentStep()).toBe(0);
    expect(screen.getByLabelText('Client email')).toHaveAccessibleDescription('Must be a valid email address.');
    await user.clear(screen.getByLabelText('Client email'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(currentStep()).toBe(1);
    await user.clear(screen.getByLabelText('Tax rate (%)'));
    await user.type(screen.getByLabelText('Tax rate (%)'), '101');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByLabelText('Tax rate (%)')).toHaveAccessibleDescription('Must be at most 100.');
  });

  it('saves on the last step, says so, closes and forgets the draft', async () => {
    const { user, calls, onClose } = await renderBuilder(NEW, ({ method, path, body }) =>
      method === 'POST' && path === '/quotations' ? { status: 201, body: quotation(1, { title: (body as { title: string }).title }) } : undefined,
    );
    await user.type(screen.getByLabelText('Quotation title'), 'Website Rebuild');
    expect(window.localStorage.getItem(`quotation_draft:${SIGNED_IN_ID}`)).toContain('Website Rebuild');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(screen.getByLabelText('Item 1 rate'), '250');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Save Quotation' }));
    expect(await screen.findByText('Your quotation has been saved successfully.')).toBeInTheDocument();
    expect(screen.getByText('Quotation saved')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.body).toMatchObject({
      tenant_id: TENANT_ID,
      title: 'Website Rebuild',
      tax_rate: 8.25,
      items: [{ description: 'New Item', quantity: 1, rate: 250 }],
    });
    expect(window.localStorage.getItem(`quotation_draft:${SIGNED_IN_ID}`)).toBeNull();
  });

  it("shows the server's reason when saving fails and keeps the dialog", async () => {
    const { user, onClose } = await renderBuilder(NEW, ({ method }) =>
      method === 'POST' ? { status: 400, body: { detail: 'title: must be at most 200 characters' } } : undefined,
    );
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Save Quotation' }));
    expect(await screen.findByText('title: must be at most 200 characters')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog()).toBeInTheDocument();
  });

  it('resumes a half-written quotation after the page is left, and asks before closing it', async () => {
    const first = await renderBuilder();
    await first.user.type(screen.getByLabelText('Quotation title'), 'Half written');
    await first.user.click(screen.getByRole('button', { name: 'Next' }));
    first.unmount();

    const second = await renderBuilder();
    expect(screen.getByLabelText('Subscription plan')).toBeInTheDocument();
    await second.user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByLabelText('Quotation title')).toHaveValue('Half written');
    await second.user.click(within(dialog()).getAllByRole('button', { name: 'Close' })[0]!);
    const confirm = screen.getByRole('dialog', { name: 'Discard unsaved changes?' });
    await second.user.click(within(confirm).getByRole('button', { name: 'Discard' }));
    expect(second.onClose).toHaveBeenCalled();
    expect(window.localStorage.getItem(`quotation_draft:${SIGNED_IN_ID}`)).toBeNull();
  });

  it('fills the client from the lead it is made for', async () => {
    const leadId = uid(450);
    const lead = {
      id: leadId,
      tenant_id: TENANT_ID,
      name: 'Contoso Pharma',
      phone1: '+1 555 0101',
      email: 'buy@contoso.test',
      address: '1 Harbor Way',
    } as Partial<Lead>;
    const full = fullLead(lead);
    const { calls } = await renderBuilder({ kind: 'new', leadId }, ({ path }) => (path === `/crm/leads/${leadId}` ? { body: full } : undefined));
    expect(await screen.findByLabelText('Client name')).toHaveValue('Contoso Pharma');
    expect(screen.getByLabelText('Client email')).toHaveValue('buy@contoso.test');
    expect(screen.getByLabelText('Client phone')).toHaveValue('+1 555 0101');
    expect(screen.getByLabelText('Client address')).toHaveValue('1 Harbor Way');
    expect(calls.some((call) => call.path === `/crm/leads/${leadId}`)).toBe(true);
  });

  it('edits a saved quotation with its values and sends the whole draft back', async () => {
    const saved = quotation(3, {
      title: 'Saved one',
      discount_rate: 5,
      items: [{ id: uid(900), description: 'Audit', quantity: 2, unit: null, rate: 300, amount: 600 }],
    });
    const { user, calls } = await renderBuilder({ kind: 'edit', quotationId: saved.id }, ({ method, path }) => {
      if (path !== `/quotations/${saved.id}`) return undefined;
      // The detail route answers the quotation with its mail (none queued yet).
      return method === 'GET' ? { body: { ...saved, mail: null } } : { body: saved };
    });
    expect(await screen.findByLabelText('Quotation title')).toHaveValue('Saved one');
    expect(screen.getByRole('dialog', { name: 'Edit Quotation' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByLabelText('Item 1 description')).toHaveValue('Audit');
    expect(screen.getByLabelText('Discount rate (%)')).toHaveValue(5);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByLabelText('Quote number')).toHaveValue(saved.number);
    await user.click(screen.getByRole('button', { name: 'Save Quotation' }));
    await screen.findByText('Quotation saved');
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.body).toMatchObject({ title: 'Saved one', discount_rate: 5, items: [{ description: 'Audit', quantity: 2, rate: 300 }] });
    expect(put.body).not.toHaveProperty('tenant_id');
  });
  it('prices a new quotation of an EUR tenant in euros: its labels, defaults, amounts and the terms naming EUR', async () => {
    const { user, calls } = await renderBuilder(NEW, ({ method, path }) => {
      if (path === '/crm/tenants') return { body: [tenant({ currency: 'EUR' })] };
      return method === 'POST' && path === '/quotations' ? { status: 201, body: quotation(1, { currency: 'EUR' }) } : undefined;
    });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByLabelText('Subscription plan')).toHaveValue('Base Plan - €50/month');
    expect(screen.getByLabelText('Additional storage rate per block (€)')).toHaveValue(0.09);
    await user.clear(screen.getByLabelText('Item 1 quantity'));
    await user.type(screen.getByLabelText('Item 1 quantity'), '0.5');
    await user.type(screen.getByLabelText('Item 1 rate'), '163.2');
    await user.clear(screen.getByLabelText('Tax rate (%)'));
    await user.type(screen.getByLabelText('Tax rate (%)'), '0');
    expect(screen.getByLabelText('Item 1 amount')).toHaveTextContent('€81.60');
    expect(within(dialog()).getByLabelText('Totals')).toHaveTextContent('Total (EUR)€81.60');
    expect(within(dialog()).getByLabelText('Totals')).not.toHaveTextContent('$');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByLabelText('Terms and conditions')).toHaveValue('Prices in EUR.');
    expect(screen.getByLabelText('Storage pricing note')).toHaveTextContent('€0.09 per 200 MB block');
    await user.click(screen.getByRole('button', { name: 'Save Quotation' }));
    await screen.findByText('Quotation saved');
    // The server gives it the tenant's currency: the builder sends none of its own.
    expect(calls.find((call) => call.method === 'POST')!.body).not.toHaveProperty('currency');
  });

  it("edits a quotation in the currency it was made in, saying so when the tenant's is now another", async () => {
    const saved = quotation(4, {
      title: 'Made in dollars',
      currency: 'USD',
      items: [{ id: uid(901), description: 'Audit', quantity: 1, unit: null, rate: 300, amount: 300 }],
    });
    const { user } = await renderBuilder({ kind: 'edit', quotationId: saved.id }, ({ method, path }) => {
      if (path === '/crm/tenants') return { body: [tenant({ currency: 'EUR' })] };
      if (path !== `/quotations/${saved.id}`) return undefined;
      return method === 'GET' ? { body: { ...saved, mail: null } } : { body: saved };
    });
    expect(await screen.findByText(/This quotation is in USD, the currency it was made in; the tenant's currency is now EUR/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByLabelText('Item 1 amount')).toHaveTextContent('$300.00');
    expect(screen.getByLabelText('Additional storage rate per block ($)')).toBeInTheDocument();
  });

  it("picks a line from the tenant's catalogue, copying its values, or keeps free text; one tax rate, said when the catalogue's differ", async () => {
    const catalogue = [
      product(1, { name: 'Senior developer', description: 'Billed by the hour', unit: 'hour', price: 95, tax_rate: 20 }),
      product(2, { name: 'Discovery workshop', unit: 'day', price: 950, tax_rate: 7 }),
    ];
    const { user, calls } = await renderBuilder(NEW, ({ method, path, query }) => {
      if (path === '/crm/products') {
        const q = (query.get('q') ?? '').toLowerCase();
        const products = catalogue.filter((row) => row.name.toLowerCase().includes(q));
        return { body: { products, pagination: { total: products.length, page: 1, limit: 8 } } };
      }
      return method === 'POST' && path === '/quotations' ? { status: 201, body: quotation(1) } : undefined;
    });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const description = screen.getByRole('combobox', { name: 'Item 1 description' });
    await user.clear(description);
    await user.type(description, 'senior');
    await user.click(await screen.findByRole('option', { name: /^Senior developer.*\$95\.00 per hour/ }));
    expect(description).toHaveValue('Senior developer — Billed by the hour');
    expect(screen.getByLabelText('Item 1 unit')).toHaveValue('hour');
    expect(screen.getByLabelText('Item 1 rate')).toHaveValue(95);
    expect(screen.getByLabelText('Tax rate (%)')).toHaveValue(20);
    // Only active products in the quotation's currency are asked for.
    const asked = calls.filter((call) => call.path === '/crm/products').at(-1)!;
    expect([asked.query.get('status'), asked.query.get('currency')]).toEqual(['active', 'USD']);

    await user.click(screen.getByRole('button', { name: '+ Add Item' }));
    await user.clear(screen.getByLabelText('Item 2 quantity'));
    await user.type(screen.getByLabelText('Item 2 quantity'), '1.5');
    const second = screen.getByRole('combobox', { name: 'Item 2 description' });
    await user.clear(second);
    await user.type(second, 'work');
    await user.click(await screen.findByRole('option', { name: /^Discovery workshop/ }));
    expect(screen.getByLabelText('Item 2 amount')).toHaveTextContent('$1,425.00');
    // The quotation keeps its one tax rate, and says the catalogue's differ.
    expect(screen.getByLabelText('Tax rate (%)')).toHaveValue(20);
    expect(
      screen.getByText('The lines picked from the catalogue carry tax rates of 20% and 7%. A quotation has one tax rate, which applies to every line.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '+ Add Item' }));
    const third = screen.getByRole('combobox', { name: 'Item 3 description' });
    await user.clear(third);
    await user.type(third, 'Travel costs');
    expect(await screen.findByText('No product in the catalogue matches "Travel costs": the line keeps what is typed.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Item 3 rate'), '40');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Save Quotation' }));
    await screen.findByText('Quotation saved');
    const post = calls.find((call) => call.method === 'POST' && call.path === '/quotations')!;
    expect(post.body).toMatchObject({
      tax_rate: 20,
      items: [
        { description: 'Senior developer — Billed by the hour', quantity: 1, unit: 'hour', rate: 95 },
        { description: 'Discovery workshop', quantity: 1.5, unit: 'day', rate: 950 },
        { description: 'Travel costs', quantity: 1, unit: null, rate: 40 },
      ],
    });
  });

  it("starts a new quotation, also one for a lead, from the tenant's quotation profile", async () => {
    const profile: QuotationProfile = {
      ...BLANK_PROFILE,
      company_name: 'Orbitra Ltd',
      company_address: '1 Harbour Street, Lisbon',
      company_phone: '+351 555 0199',
      company_email: 'sales@orbitra.example.com',
      company_website: 'https://orbitra.example.com',
      tax_rate: 23,
      terms: 'Payment within 15 days.',
    };
    const expectSender = async (user: ReturnType<typeof userEvent.setup>) => {
      expect(screen.getByLabelText('Company name')).toHaveValue('Orbitra Ltd');
      expect(screen.getByLabelText('Company address')).toHaveValue('1 Harbour Street, Lisbon');
      expect(screen.getByLabelText('Company phone')).toHaveValue('+351 555 0199');
      expect(screen.getByLabelText('Company email')).toHaveValue('sales@orbitra.example.com');
      expect(screen.getByLabelText('Company website')).toHaveValue('https://orbitra.example.com');
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(screen.getByLabelText('Tax rate (%)')).toHaveValue(23);
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(screen.getByLabelText('Terms and conditions')).toHaveValue('Payment within 15 days.');
    };
    const fresh = await renderBuilder(NEW, () => undefined, profile);
    await expectSender(fresh.user);
    fresh.unmount();
    window.localStorage.clear();

    const leadId = uid(451);
    const lead = fullLead({ id: leadId, tenant_id: TENANT_ID, name: 'Contoso Pharma', email: 'buy@contoso.test', phone1: '+1 555 0101', address: null });
    const forLead = await renderBuilder({ kind: 'new', leadId }, ({ path }) => (path === `/crm/leads/${leadId}` ? { body: lead } : undefined), profile);
    expect(screen.getByLabelText('Client name')).toHaveValue('Contoso Pharma');
    await expectSender(forLead.user);
  });
});

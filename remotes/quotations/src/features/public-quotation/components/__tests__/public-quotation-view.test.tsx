import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QUOTATION_EXPIRED, type PublicQuotation } from '@app/shared/forms';
import { mockFetch, NOW } from '@app/shared/testing/fetch-mock';
import { quotation } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { PublicQuotationView } from '../public-quotation-view';

const TOKEN = 'abcDEF123_-token';

function clientView(overrides: Partial<PublicQuotation> = {}): PublicQuotation {
  const {
    id: _id,
    tenant_id: _tenant,
    lead_id: _lead,
    share_url: _url,
    sent_at: _sent,
    created_at: _created,
    updated_at: _updated,
    items,
    ...content
  } = quotation(1, {
    status: 'sent',
    title: 'Support Retainer',
  });
  return { ...content, items: items.map(({ id: _item, ...item }) => item), ...overrides };
}

afterEach(() => window.localStorage.clear());

describe('PublicQuotationView', () => {
  it('shows the quotation and records an acceptance with the name typed', async () => {
    const { calls } = mockFetch(({ method, path, body }) => {
      if (method === 'GET' && path === `/public/quotations/${TOKEN}`) return { body: clientView() };
      if (method === 'POST' && path === `/public/quotations/${TOKEN}/accept`)
        return { body: clientView({ status: 'accepted', accepted_by: (body as { name: string }).name, decided_at: NOW }) };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<PublicQuotationView token={TOKEN} />, { route: `/q/${TOKEN}` });
    expect(await screen.findByText('QUOTATION')).toBeInTheDocument();
    expect(screen.getByText('Support Retainer')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', `/api/v1/public/quotations/${TOKEN}/pdf`);

    await user.click(screen.getByRole('button', { name: 'Accept' }));
    const dialog = screen.getByRole('dialog', { name: 'Accept quotation' });
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(within(dialog).getByText('Please enter your name to accept.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Your name'), 'Jane Client');
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText(/Accepted by Jane Client/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({ name: 'Jane Client' });
  });

  it('shows each quantity as given, decimals included, with its unit', async () => {
    const items = [
      { description: 'Half day', quantity: 0.5, unit: 'day' as const, rate: 100, amount: 50 },
      { description: 'Hours', quantity: 1.25, unit: 'hour' as const, rate: 80, amount: 100 },
      { description: 'Units', quantity: 0.333, unit: null, rate: 0.03, amount: 0.01 },
    ];
    mockFetch(({ method }) => (method === 'GET' ? { body: clientView({ items }) } : undefined));
    renderWithProviders(<PublicQuotationView token={TOKEN} />);
    const rows = (await screen.findAllByRole('row')).slice(1, 4);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Half day', '0.5 days', '$100.00', '$50.00'],
      ['Hours', '1.25 hours', '$80.00', '$100.00'],
      ['Units', '0.333', '$0.03', '$0.01'],
    ]);
  });

  it('sends a rejection with its optional reason', async () => {
    const { calls } = mockFetch(({ method, path }) => {
      if (method === 'GET') return { body: clientView() };
      if (path.endsWith('/reject')) return { body: clientView({ status: 'rejected', decided_at: NOW }) };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<PublicQuotationView token={TOKEN} />);
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject quotation' });
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'Over budget');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Quotation rejected')).toBeInTheDocument();
    expect(calls.at(-1)!.body).toEqual({ reason: 'Over budget' });
  });

  it('says when an answer was already given', async () => {
    mockFetch(({ method }) => (method === 'GET' ? { body: clientView() } : { status: 409, body: { detail: 'This quotation has already been answered.' } }));
    const user = userEvent.setup();
    renderWithProviders(<PublicQuotationView token={TOKEN} />);
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Reject quotation' })).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This quotation has already been answered.');
  });

  it.each([
    [410, { detail: QUOTATION_EXPIRED }, 'Quotation expired', QUOTATION_EXPIRED],
    [404, { detail: 'Quotation not found.' }, 'Link not valid', 'not valid'],
  ])('explains a link that answers %s', async (status, body, title, text) => {
    mockFetch(() => ({ status, body }));
    renderWithProviders(<PublicQuotationView token={TOKEN} />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: title })).toBeInTheDocument();
    expect(alert).toHaveTextContent(text);
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });
});

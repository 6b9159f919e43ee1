import { screen } from '@testing-library/react';
import type { Callback } from '@app/shared/forms';
import { mockFetch } from '../../../../test/fetch-mock';
import { TENANT_ID } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { CallbacksDue } from '../callbacks-due';

const callback = (n: number, phone1: string, phone1_e164: string | null): Callback => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  tenant_id: TENANT_ID,
  prospect_id: `00000000-0000-4000-8000-00000000010${n}`,
  prospect_name: `Callback Co ${n}`,
  phone1,
  phone1_e164,
  owner: '00000000-0000-4000-8000-000000000200',
  due_at: '2026-11-25T15:00:00.000Z',
  done_at: null,
});

test('a callback due shows its phone as the lists do: formatted and dialled from E.164, or marked when it is no number', async () => {
  mockFetch(({ method, path }) =>
    method === 'GET' && path === '/crm/callbacks'
      ? { body: { callbacks: [callback(1, '(555) 101-1102', '+15551011102'), callback(2, 'call me maybe', null)] } }
      : undefined,
  );
  renderWithProviders(<CallbacksDue tenantId={TENANT_ID} />);
  const dialled = await screen.findByRole('link', { name: '+1 555 101 1102' });
  expect(dialled).toHaveAttribute('href', 'tel:+15551011102');
  expect(screen.getByText(/call me maybe/)).toHaveTextContent('call me maybe (invalid phone)');
  expect(screen.queryByRole('link', { name: /call me maybe/ })).not.toBeInTheDocument();
});

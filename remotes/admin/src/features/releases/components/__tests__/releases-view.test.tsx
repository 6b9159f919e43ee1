import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RemoteReleases } from '@app/shared/forms';
import { mockFetch, signIn, type MockRequest } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import ReleasesPage from '../../../../pages/releases-page';

const TENANT = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Demo Co',
  domain: 'demo.example.com',
  description: null,
  created_at: '2026-01-01T00:00:00.000Z',
};

const version = (name: string, change: Partial<RemoteReleases['versions'][number]> = {}) => ({
  version: name,
  commit: name === 'builtin' ? null : 'abc1234',
  published_at: name === 'builtin' ? null : '2026-11-20T10:00:00.000Z',
  live: false,
  canary: false,
  failing_browsers_24h: 0,
  ...change,
});

const CRM: RemoteReleases = {
  remote: 'crm',
  live: '1.0.0',
  canary: { version: '1.1.0', percent: 10, tenant_ids: [TENANT.id], since: '2026-11-21T10:00:00.000Z', fallback: '1.0.0' },
  fallback: 'builtin',
  versions: [version('builtin'), version('1.0.0', { live: true }), version('1.1.0', { canary: true, failing_browsers_24h: 3 })],
  history: [{ action: 'canary', version: '1.1.0', percent: 10, tenant_ids: [TENANT.id], at: '2026-11-21T10:00:00.000Z' }],
};

function releasesApi() {
  const posted: MockRequest[] = [];
  mockFetch((request) => {
    if (request.path === '/crm/tenants') return { body: [TENANT] };
    if (request.path === '/releases') return { body: { remotes: [CRM] } };
    if (request.method === 'POST') {
      posted.push(request);
      if (request.body && (request.body as { version: string }).version === 'builtin') {
        return { status: 409, body: { detail: 'Refused: crm builtin was built against shared singletons the shell does not accept' } };
      }
      return { body: CRM };
    }
    return undefined;
  });
  return posted;
}

beforeEach(() => signIn());
afterEach(() => window.localStorage.clear());

describe('ReleasesPage', () => {
  it('shows per remote the live version, the canary and for whom, the fallback, and failures per version', async () => {
    releasesApi();
    renderWithProviders(<ReleasesPage />);
    const crm = await screen.findByRole('region', { name: 'crm' });
    expect(within(crm).getByText('1.1.0 for 10% of users and Demo Co')).toBeInTheDocument();
    expect(within(crm).getByText("1.0.0 for the canary's users; builtin for everyone else", { selector: 'dd' })).toBeInTheDocument();
    const row = within(crm).getByRole('row', { name: /^1\.1\.0/ });
    expect(within(row).getByText('Canary')).toBeInTheDocument();
    expect(within(row).getByText('3 browsers reported a failure')).toBeInTheDocument();
    expect(within(within(crm).getByRole('row', { name: /^1\.0\.0/ })).getByText('None reported')).toBeInTheDocument();
  });

  it('opens on the running canary with its share and tenants, so widening its share keeps its tenants; another version starts empty', async () => {
    const posted = releasesApi();
    renderWithProviders(<ReleasesPage />);
    const crm = await screen.findByRole('region', { name: 'crm' });
    expect(within(crm).getByLabelText('Version')).toHaveValue('1.1.0');
    expect(within(crm).getByLabelText('Share of users (%)')).toHaveValue(10);
    expect(await within(crm).findByLabelText('Demo Co')).toBeChecked();

    await userEvent.selectOptions(within(crm).getByLabelText('Version'), '1.0.0');
    expect(within(crm).getByLabelText('Share of users (%)')).toHaveValue(null);
    expect(within(crm).getByLabelText('Demo Co')).not.toBeChecked();
    await userEvent.selectOptions(within(crm).getByLabelText('Version'), '1.1.0');
    expect(within(crm).getByLabelText('Demo Co')).toBeChecked();

    await userEvent.clear(within(crm).getByLabelText('Share of users (%)'));
    await userEvent.type(within(crm).getByLabelText('Share of users (%)'), '50');
    await userEvent.click(within(crm).getByRole('button', { name: 'Change canary' }));
    const widen = await screen.findByRole('dialog', { name: 'Change the canary of crm 1.1.0 to 50% of users and Demo Co?' });
    expect(widen).toHaveTextContent('It now reaches 10% of users and Demo Co.');
    await userEvent.click(within(widen).getByRole('button', { name: 'Change canary' }));
    expect(posted.at(-1)).toMatchObject({ path: '/releases/crm/promote', body: { version: '1.1.0', percent: 50, tenant_ids: [TENANT.id] } });
  });

  it('starts a canary, ends it and promotes only once confirmed, says when it is done, and shows why the server refuses', async () => {
    const posted = releasesApi();
    renderWithProviders(<ReleasesPage />);
    const crm = await screen.findByRole('region', { name: 'crm' });
    await userEvent.selectOptions(within(crm).getByLabelText('Version'), '1.1.0');
    await userEvent.clear(within(crm).getByLabelText('Share of users (%)'));
    await userEvent.type(within(crm).getByLabelText('Share of users (%)'), '25');
    await userEvent.click(within(crm).getByRole('button', { name: 'Change canary' }));
    const start = await screen.findByRole('dialog', { name: 'Change the canary of crm 1.1.0 to 25% of users and Demo Co?' });
    expect(start).toHaveTextContent('Those users get 1.1.0 on their next page load; everyone else stays on 1.0.0.');
    expect(posted).toHaveLength(0);
    await userEvent.click(within(start).getByRole('button', { name: 'Change canary' }));
    expect(posted.at(-1)).toMatchObject({ path: '/releases/crm/promote', body: { version: '1.1.0', percent: 25, tenant_ids: [TENANT.id] } });
    expect(await screen.findByText('Canary of crm 1.1.0 changed to 25% of users and Demo Co.')).toBeInTheDocument();

    await userEvent.click(within(crm).getByRole('button', { name: 'End canary' }));
    const end = await screen.findByRole('dialog', { name: 'End the canary of crm 1.1.0?' });
    await userEvent.click(within(end).getByRole('button', { name: 'Cancel' }));
    expect(posted).toHaveLength(1);
    await userEvent.click(within(crm).getByRole('button', { name: 'End canary' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'End the canary of crm 1.1.0?' })).getByRole('button', { name: 'End canary' }));
    expect(posted.at(-1)?.path).toBe('/releases/crm/rollback');
    expect(await screen.findByText('Canary of crm 1.1.0 ended: every user is on 1.0.0.')).toBeInTheDocument();

    await userEvent.selectOptions(within(crm).getByLabelText('Version'), 'builtin');
    await userEvent.click(within(crm).getByRole('button', { name: 'Promote to everyone' }));
    const promote = await screen.findByRole('dialog', { name: 'Promote crm builtin to everyone?' });
    expect(promote).toHaveTextContent('Every user gets it on their next page load, in place of 1.0.0. The canary of 1.1.0 ends.');
    await userEvent.click(within(promote).getByRole('button', { name: 'Promote to everyone' }));
    expect(await within(crm).findByRole('alert')).toHaveTextContent('Refused: crm builtin');
  }, 30_000);

  it('says how to publish a version while only the built-in build exists', async () => {
    mockFetch((request) => {
      if (request.path === '/crm/tenants') return { body: [TENANT] };
      if (request.path === '/releases')
        return { body: { remotes: [{ ...CRM, live: 'builtin', canary: null, fallback: null, versions: [version('builtin', { live: true })], history: [] }] } };
      return undefined;
    });
    renderWithProviders(<ReleasesPage />);
    const crm = await screen.findByRole('region', { name: 'crm' });
    expect(within(crm).getByText('pnpm release crm')).toBeInTheDocument();
    expect(within(crm).queryByLabelText('Version')).not.toBeInTheDocument();
  });
});

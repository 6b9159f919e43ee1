import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast, setSelectedTenantId } from '@app/shared';
import { COMPANY_FIELDS, type SupportMessage, type Tenant } from '@app/shared/forms';
import { mockFetch, signIn, uid, type MockRequest } from '../../../../test/fetch-mock';
import { message, TENANT } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import MessagesPage from '../../../../pages/messages-page';
import { convertFieldsFrom } from '../../utils/convert-fields';

const OTHER: Tenant = { ...TENANT, id: uid(2), name: 'Beta Calls', domain: 'beta.test' };
const GRACE = message(1, { name: 'Grace Hopper', email: 'grace@navy.test', company: 'Navy Labs', message: 'We need payroll.' });

/** The support API as the server answers: a known email is a duplicate in the first tenant; converting solves the message. */
function api(initial: SupportMessage[]) {
  let list = [...initial];
  const converted: MockRequest[] = [];
  const added: MockRequest[] = [];
  const fetchMock = mockFetch((request) => {
    const { method, path } = request;
    if (method === 'GET' && path === '/crm/tenants') return { body: [TENANT, OTHER] };
    if (method === 'GET' && path === '/support/messages') return { body: { messages: list } };
    if (method === 'GET' && path.endsWith('/duplicates')) {
      const inFirst = request.query.get('tenant_id') === TENANT.id;
      const twin = inFirst && request.query.get('email') === 'grace@navy.test';
      const duplicates = twin
        ? [{ id: uid(900), name: 'Navy Labs Ltd', phone1: '555 0000', phone1_e164: null as string | null, email: 'grace@navy.test', matches: 'email' }]
        : [];
      if (inFirst && request.query.get('phone1') === '555 555 0300')
        duplicates.push({
          id: uid(902),
          name: 'Phone Twin',
          phone1: '(555) 555-0300',
          phone1_e164: '+15555550300',
          email: null as unknown as string,
          matches: 'phone',
        });
      return { body: { duplicates } };
    }
    const addTo = path.match(/^\/support\/messages\/([^/]+)\/add-to-prospect$/);
    if (method === 'POST' && addTo) {
      added.push(request);
      list = list.filter((item) => item.id !== addTo[1]);
      return {
        status: 200,
        body: prospectBody(TENANT.id, { name: 'Phone Twin', phone1: '(555) 555-0300' }, (request.body as { prospect_id: string }).prospect_id),
      };
    }
    const convert = path.match(/^\/support\/messages\/([^/]+)\/convert$/);
    if (method === 'POST' && convert) {
      converted.push(request);
      list = list.filter((item) => item.id !== convert[1]);
      const body = request.body as { tenant_id: string; fields: Record<string, string | null> };
      return { status: 201, body: prospectBody(body.tenant_id, body.fields, uid(901)) };
    }
    return undefined;
  });
  return { fetchMock, converted, added };
}

function prospectBody(tenantId: string, fields: Record<string, string | null>, id: string) {
  return {
    ...Object.fromEntries(COMPANY_FIELDS.map((name) => [name, fields[name] ?? null])),
    ...{ status_id: null, status_name: null, last_contacted: null, pipeline_stage_id: null, pipeline_stage_name: null },
    ...{ phone1_e164: '+15550100100', phone2_e164: null, phone3_e164: null, phone1_shown: '+1 555 010 0100', phone2_shown: null, phone3_shown: null },
    id,
    tenant_id: tenantId,
    pipeline_stage_color: '#6B7280',
    owner_id: null,
    created_at: '2026-03-10T09:00:00.000Z',
    updated_at: '2026-03-10T09:00:00.000Z',
  };
}

beforeEach(() => {
  signIn({ isAdmin: true });
  setSelectedTenantId(TENANT.id);
});
afterEach(() => {
  dismissToast();
  window.localStorage.clear();
});

test('the fields come from the message: the company (else the sender), the email, the phone and the message', () => {
  expect(convertFieldsFrom(GRACE)).toEqual({ name: 'Navy Labs', phone1: '', email: 'grace@navy.test', description: 'We need payroll.' });
  expect(convertFieldsFrom(message(2, { name: 'Alan Turing', company: '  ', phone: '+44 1' }))).toMatchObject({ name: 'Alan Turing', phone1: '+44 1' });
});

test('Convert to prospect opens on the selected tenant, warns about a duplicate email, and on confirm the message leaves the inbox', async () => {
  const { converted } = api([GRACE, message(2)]);
  const user = userEvent.setup();
  renderWithProviders(<MessagesPage />);
  await screen.findByText('2 unsolved messages');
  await user.click(screen.getByRole('button', { name: 'Convert to prospect: message from Grace Hopper' }));

  const dialog = await screen.findByRole('dialog', { name: 'Convert to prospect' });
  await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /Tenant/ })).toHaveValue(TENANT.id));
  expect(within(dialog).getByRole('textbox', { name: /Company name/ })).toHaveValue('Navy Labs');
  expect(within(dialog).getByRole('textbox', { name: /Description/ })).toHaveValue('We need payroll.');
  const warning = await within(dialog).findByRole('status', { name: 'Possible duplicates' });
  expect(warning).toHaveTextContent('Navy Labs Ltd · 555 0000 · grace@navy.test (same email)');

  // No phone yet: the rule of every prospect stops the request.
  await user.click(within(dialog).getByRole('button', { name: 'Convert anyway' }));
  expect(await within(dialog).findByText('Phone1 is required')).toBeInTheDocument();
  expect(converted).toHaveLength(0);

  // In the other tenant nobody has that email: the warning goes.
  await user.selectOptions(within(dialog).getByRole('combobox', { name: /Tenant/ }), OTHER.id);
  await waitFor(() => expect(within(dialog).queryByRole('status', { name: 'Possible duplicates' })).not.toBeInTheDocument());
  // A phone that is not a number of the tenant's country is refused beside the field.
  await user.type(within(dialog).getByRole('textbox', { name: /Phone 1/ }), '+1 555 0100');
  await user.click(within(dialog).getByRole('button', { name: 'Convert' }));
  expect(await within(dialog).findByText('Must be a valid phone number.')).toBeInTheDocument();
  expect(converted).toHaveLength(0);
  await user.clear(within(dialog).getByRole('textbox', { name: /Phone 1/ }));
  await user.type(within(dialog).getByRole('textbox', { name: /Phone 1/ }), '+1 555 010 0100');
  await user.click(within(dialog).getByRole('button', { name: 'Convert' }));

  await waitFor(() => expect(converted).toHaveLength(1));
  expect(converted[0].body).toEqual({
    tenant_id: OTHER.id,
    fields: { name: 'Navy Labs', phone1: '+1 555 010 0100', email: 'grace@navy.test', description: 'We need payroll.' },
  });
  expect(await screen.findByText('Navy Labs was created from the message of Grace Hopper.')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(await screen.findByText('1 unsolved message')).toBeInTheDocument();
  // Many steps of typing and requests: more than the default five seconds on a busy machine.
}, 30_000);

async function openConvert(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByText('2 unsolved messages');
  await user.click(screen.getByRole('button', { name: 'Convert to prospect: message from Grace Hopper' }));
  const dialog = await screen.findByRole('dialog', { name: 'Convert to prospect' });
  await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /Tenant/ })).toHaveValue(TENANT.id));
  return dialog;
}

test('a phone a prospect holds offers no convert bound to fail: the message is added to that prospect instead', async () => {
  const { converted, added } = api([GRACE, message(2)]);
  const user = userEvent.setup();
  renderWithProviders(<MessagesPage />);
  const dialog = await openConvert(user);
  await user.type(within(dialog).getByRole('textbox', { name: /Phone 1/ }), '555 555 0300');
  const warning = await within(dialog).findByRole('status', { name: 'Possible duplicates' });
  await waitFor(() =>
    expect(warning).toHaveTextContent('A prospect of this tenant already has this phone number: add the message to it, or convert without this phone.'),
  );
  expect(warning).toHaveTextContent('Phone Twin · +1 555 555 0300 (same phone)');
  expect(within(dialog).queryByRole('button', { name: 'Convert anyway' })).not.toBeInTheDocument();
  expect(within(dialog).queryByRole('button', { name: 'Convert' })).not.toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Convert without this phone' })).toBeInTheDocument();

  await user.click(within(warning).getByRole('button', { name: 'Add to Phone Twin' }));
  await waitFor(() => expect(added).toHaveLength(1));
  expect(added[0].path).toBe(`/support/messages/${GRACE.id}/add-to-prospect`);
  expect(added[0].body).toEqual({ prospect_id: uid(902) });
  expect(converted).toHaveLength(0);
  expect(await screen.findByText('The message of Grace Hopper was added to Phone Twin.')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(await screen.findByText('1 unsolved message')).toBeInTheDocument();
}, 30_000);

test('Convert without this phone clears the taken phone and asks for another; then the convert goes through', async () => {
  const { converted, added } = api([GRACE, message(2)]);
  const user = userEvent.setup();
  renderWithProviders(<MessagesPage />);
  const dialog = await openConvert(user);
  const phone = within(dialog).getByRole('textbox', { name: /Phone 1/ });
  await user.type(phone, '555 555 0300');
  await user.click(await within(dialog).findByRole('button', { name: 'Convert without this phone' }));
  expect(phone).toHaveValue('');
  expect(phone).toHaveFocus();
  expect(phone).toHaveAccessibleDescription('Enter another phone for the new prospect: every prospect needs one.');
  await user.type(phone, '555 555 0301');
  // Only the email twin is left: a warning, and the convert may go ahead.
  await user.click(await within(dialog).findByRole('button', { name: 'Convert anyway' }));
  await waitFor(() => expect(converted).toHaveLength(1));
  expect(converted[0].body).toMatchObject({ tenant_id: TENANT.id, fields: { phone1: '555 555 0301' } });
  expect(added).toHaveLength(0);
  expect(await screen.findByText('Navy Labs was created from the message of Grace Hopper.')).toBeInTheDocument();
}, 30_000);

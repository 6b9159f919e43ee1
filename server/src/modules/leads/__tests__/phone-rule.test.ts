import { leadSchema, prospectSchema, type Lead, type Prospect } from '@app/shared/contracts';
import { expectStatus } from '../../../testing/crm-fixture';
import { ownerUser, type OwnerUser } from '../../../testing/owner-users';
import { createStatusFixture, type StatusFixture } from '../../../testing/status-fixture';

/**
 * One phone rule for prospects and leads: a Phone1 that is the number (E.164) of another prospect
 * of the tenant is refused on adding or editing either; for a lead, the prospect it was made from
 * is not another. Edit Lead used to accept any number.
 */
let s: StatusFixture;
let own: OwnerUser;
beforeAll(async () => {
  s = await createStatusFixture();
  own = await ownerUser(s.t, s.f, { email: 'own-phones@example.com', fullName: 'Own Phones', visibility: 'own' });
});
afterAll(() => s.t.close());

const prospect = async (name: string, phone1: string, token = s.f.staff): Promise<Prospect> =>
  prospectSchema.parse(
    expectStatus(await s.t.request({ method: 'POST', url: '/api/v1/crm/prospects', token, body: { tenant_id: s.f.demoTenantId, name, phone1 } }), 201),
  );
const addLead = (name: string, phone1: string, token = s.f.staff) =>
  s.t.request({ method: 'POST', url: '/api/v1/crm/leads', token, body: { tenant_id: s.f.demoTenantId, name, phone1 } });
const editLead = (id: string, body: Record<string, unknown>, token = s.f.staff) => s.t.request({ method: 'PUT', url: `/api/v1/crm/leads/${id}`, token, body });
const getLead = async (id: string, token = s.f.staff): Promise<Lead> =>
  leadSchema.parse(expectStatus(await s.t.request({ url: `/api/v1/crm/leads/${id}`, token }), 200));
const editProspect = (id: string, body: Record<string, unknown>) => s.t.request({ method: 'PUT', url: `/api/v1/crm/prospects/${id}`, token: s.f.staff, body });

/** A lead made from a new prospect (Interested converts), as the CRM makes them. */
async function leadFrom(name: string, phone1: string, token = s.f.staff): Promise<{ source: Prospect; lead: Lead }> {
  const source = await prospect(name, phone1, token);
  const changed = await s.changeStatus({ prospect_id: source.id, status_id: s.statuses.Interested.id }, token);
  expect(changed.statusCode).toBe(200);
  const leads = expectStatus<{ leads: Lead[] }>(
    await s.t.request({ url: `/api/v1/crm/leads?tenant_id=${s.f.demoTenantId}&q=${encodeURIComponent(name)}`, token }),
    200,
  );
  const lead = leads.leads.find((row) => row.prospect_id === source.id);
  if (!lead) throw new Error(`no lead made from ${name}`);
  return { source, lead };
}

test("Edit Lead refuses another prospect's number, however it is written, and leaves the lead as it was", async () => {
  await prospect('Phone Holder', '+1 555 610 0001');
  const { lead } = await leadFrom('Editing Lead', '+1 555 610 0002');
  for (const phone1 of ['+1 555 610 0001', '(555) 610-0001', '1 555 610 0001']) {
    const refused = await editLead(lead.id, { name: 'Editing Lead', phone1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: 'A prospect with this phone number already exists: Phone Holder.' });
  }
  expect(await getLead(lead.id)).toEqual(lead);
});

test('the prospect a lead was made from is not another record: the lead keeps, changes and takes back its number', async () => {
  const { source, lead } = await leadFrom('Own Number', '+1 555 611 0001');
  expect(lead.phone1_e164).toBe(source.phone1_e164);
  const renamed = leadSchema.parse(expectStatus(await editLead(lead.id, { name: 'Own Number Renamed', phone1: '(555) 611-0001' }), 200));
  expect(renamed).toMatchObject({ name: 'Own Number Renamed', phone1: '(555) 611-0001', phone1_e164: '+15556110001' });
  expect(expectStatus<Lead>(await editLead(lead.id, { phone1: '+1 555 611 0002' }), 200).phone1_e164).toBe('+15556110002');
  expect(expectStatus<Lead>(await editLead(lead.id, { phone1: '+1 555 611 0001' }), 200).phone1_e164).toBe('+15556110001');
});

test("Add Lead refuses another prospect's number too; a lead that had one before the rule keeps it while its other fields change", async () => {
  const early = leadSchema.parse(expectStatus(await addLead('Early Lead', '+1 555 612 0001'), 201));
  await prospect('Later Prospect', '(555) 612-0001');
  const added = await addLead('Third Lead', '1 555 612 0001');
  expect(added.statusCode).toBe(409);
  expect(added.json()).toEqual({ detail: 'A prospect with this phone number already exists: Later Prospect.' });
  expect(expectStatus<Lead>(await editLead(early.id, { name: 'Early Lead Renamed', phone1: '+1 555 612 0001' }), 200).name).toBe('Early Lead Renamed');
  const { lead } = await leadFrom('Second Lead', '+1 555 612 0002');
  const refused = await editLead(lead.id, { phone1: '555.612.0001' });
  expect(refused.json()).toEqual({ detail: 'A prospect with this phone number already exists: Later Prospect.' });
});

test("a number held by a prospect its user does not see is refused all the same, without naming it; another tenant's is free", async () => {
  await prospect('Hidden Holder', '+1 555 613 0001', s.f.admin);
  const { lead } = await leadFrom('Own Users Lead', '+1 555 613 0003', own.token);
  const onProspect = await editLead(lead.id, { phone1: '+1 555 613 0001' }, own.token);
  expect(onProspect.statusCode).toBe(409);
  expect(onProspect.json()).toEqual({ detail: 'A prospect with this phone number already exists: another prospect.' });
  expect(await getLead(lead.id, own.token)).toEqual(lead);

  const foreign = await s.t.request({
    method: 'POST',
    url: '/api/v1/crm/prospects',
    token: s.f.outsider,
    body: { tenant_id: s.f.otherTenantId, name: 'Other Tenant', phone1: '+1 555 613 0004' },
  });
  expect(foreign.statusCode).toBe(201);
  expect(expectStatus<Lead>(await editLead(lead.id, { phone1: '+1 555 613 0004' }, own.token), 200).phone1_e164).toBe('+15556130004');
});

test("the prospect's rule is unchanged: create and Edit refuse another prospect's number with the same answer; a lead's number does not hold a prospect", async () => {
  await prospect('Prospect Holder', '+1 555 614 0001');
  const created = await s.t.request({
    method: 'POST',
    url: '/api/v1/crm/prospects',
    token: s.f.staff,
    body: { tenant_id: s.f.demoTenantId, name: 'Copy', phone1: '(555) 614-0001' },
  });
  expect(created.statusCode).toBe(409);
  expect(created.json()).toEqual({ detail: 'A prospect with this phone number already exists: Prospect Holder.' });
  const editing = await prospect('Editing Prospect', '+1 555 614 0002');
  const edited = await editProspect(editing.id, { phone1: '1 555 614 0001' });
  expect(edited.statusCode).toBe(409);
  expect(edited.json()).toEqual({ detail: 'A prospect with this phone number already exists: Prospect Holder.' });
  expect(expectStatus<Prospect>(await editProspect(editing.id, { name: 'Editing Prospect', phone1: '+1 555 614 0002' }), 200).name).toBe('Editing Prospect');

  await addLead('Lead Only', '+1 555 614 0003');
  expect(expectStatus<Prospect>(await editProspect(editing.id, { phone1: '+1 555 614 0003' }), 200).phone1_e164).toBe('+15556140003');
});

import { leadSchema, prospectSchema, type Lead, type Prospect } from '@app/shared/contracts';
import { eq, sql } from 'drizzle-orm';
import { prospects } from '../../../db/schema';
import { expectStatus } from '../../../testing/crm-fixture';
import { ownerUser, type OwnerUser } from '../../../testing/owner-users';
import { createStatusFixture, type StatusFixture } from '../../../testing/status-fixture';

/**
 * One company per phone: a Phone1 belongs to one prospect or lead of the tenant, on adding or
 * editing either (a lead may keep the number of the prospect it was made from). The refusal is 409
 * with a detail naming phone1 and the holder. Edit Lead used to accept any number, and two leads,
 * or a new prospect and a lead, could share one.
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
    expect(refused.json()).toEqual({ detail: 'phone1: A prospect with this phone number already exists: Phone Holder.' });
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
  // A prospect given the lead's number before the rule held leads too: written as the database's owner, as rows from then are.
  const later = await prospect('Later Prospect', '(555) 612-0009');
  await s.t.db.transaction(async (tx) => {
    await tx.execute(sql`set local role none`);
    await tx.update(prospects).set({ phone1: '(555) 612-0001', phone1E164: '+15556120001' }).where(eq(prospects.id, later.id));
  });
  const added = await addLead('Third Lead', '1 555 612 0001');
  expect(added.statusCode).toBe(409);
  expect(added.json()).toEqual({ detail: 'phone1: A prospect with this phone number already exists: Later Prospect.' });
  expect(expectStatus<Lead>(await editLead(early.id, { name: 'Early Lead Renamed', phone1: '+1 555 612 0001' }), 200).name).toBe('Early Lead Renamed');
  const { lead } = await leadFrom('Second Lead', '+1 555 612 0002');
  const refused = await editLead(lead.id, { phone1: '555.612.0001' });
  expect(refused.json()).toEqual({ detail: 'phone1: A prospect with this phone number already exists: Later Prospect.' });
});

test("a number held by a prospect its user does not see is refused all the same, without naming it; another tenant's is free", async () => {
  await prospect('Hidden Holder', '+1 555 613 0001', s.f.admin);
  const { lead } = await leadFrom('Own Users Lead', '+1 555 613 0003', own.token);
  const onProspect = await editLead(lead.id, { phone1: '+1 555 613 0001' }, own.token);
  expect(onProspect.statusCode).toBe(409);
  expect(onProspect.json()).toEqual({ detail: 'phone1: A prospect with this phone number already exists: another prospect.' });
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

test("a prospect's number: create and Edit refuse another prospect's number with the same answer", async () => {
  await prospect('Prospect Holder', '+1 555 614 0001');
  const created = await s.t.request({
    method: 'POST',
    url: '/api/v1/crm/prospects',
    token: s.f.staff,
    body: { tenant_id: s.f.demoTenantId, name: 'Copy', phone1: '(555) 614-0001' },
  });
  expect(created.statusCode).toBe(409);
  expect(created.json()).toEqual({ detail: 'phone1: A prospect with this phone number already exists: Prospect Holder.' });
  const editing = await prospect('Editing Prospect', '+1 555 614 0002');
  const edited = await editProspect(editing.id, { phone1: '1 555 614 0001' });
  expect(edited.statusCode).toBe(409);
  expect(edited.json()).toEqual({ detail: 'phone1: A prospect with this phone number already exists: Prospect Holder.' });
  expect(expectStatus<Prospect>(await editProspect(editing.id, { name: 'Editing Prospect', phone1: '+1 555 614 0002' }), 200).name).toBe('Editing Prospect');
});

test("a lead's number holds it too: a new prospect, an edited prospect and another lead may not take it; the refusal names phone1 and the lead", async () => {
  const holder = leadSchema.parse(expectStatus(await addLead('Lead Only', '+1 555 615 0001'), 201));
  const copyAsProspect = await s.t.request({
    method: 'POST',
    url: '/api/v1/crm/prospects',
    token: s.f.staff,
    body: { tenant_id: s.f.demoTenantId, name: 'Prospect Copy', phone1: '(555) 615-0001' },
  });
  expect([copyAsProspect.statusCode, copyAsProspect.json()]).toEqual([409, { detail: 'phone1: A lead with this phone number already exists: Lead Only.' }]);
  const editing = await prospect('Editing Towards Lead', '+1 555 615 0002');
  const edited = await editProspect(editing.id, { phone1: '+1 555 615 0001' });
  expect([edited.statusCode, edited.json()]).toEqual([409, { detail: 'phone1: A lead with this phone number already exists: Lead Only.' }]);
  const secondLead = await addLead('Second Lead Copy', '1 555 615 0001');
  expect([secondLead.statusCode, secondLead.json()]).toEqual([409, { detail: 'phone1: A lead with this phone number already exists: Lead Only.' }]);
  const { lead } = await leadFrom('Converted Elsewhere', '+1 555 615 0003');
  const editedLead = await editLead(lead.id, { phone1: '555-615-0001' });
  expect([editedLead.statusCode, editedLead.json()]).toEqual([409, { detail: 'phone1: A lead with this phone number already exists: Lead Only.' }]);
  // The holder itself keeps its number while its other fields change; another tenant's numbers are its own.
  expect(expectStatus<Lead>(await editLead(holder.id, { name: 'Lead Only Renamed', phone1: '+1 555 615 0001' }), 200).name).toBe('Lead Only Renamed');
  const leads = await s.t.request({ url: `/api/v1/crm/leads?tenant_id=${s.f.demoTenantId}&q=${encodeURIComponent('615 0001')}`, token: s.f.staff });
  expect(expectStatus<{ leads: Lead[] }>(leads, 200).leads.map((row) => row.id)).toEqual([holder.id]);
});

test('a lead the user does not see holds its number all the same, unnamed, on add, edit and upload', async () => {
  expectStatus(await addLead('Hidden Lead', '+1 555 616 0001', s.f.admin), 201);
  const added = await s.t.request({
    method: 'POST',
    url: '/api/v1/crm/prospects',
    token: own.token,
    body: { tenant_id: s.f.demoTenantId, name: 'Own Copy', phone1: '+1 555 616 0001' },
  });
  expect([added.statusCode, added.json()]).toEqual([409, { detail: 'phone1: A lead with this phone number already exists: another lead.' }]);
  const upload = expectStatus<{ total_created: number; errors: Array<{ row: number; detail: string }> }>(
    await s.t.request({
      method: 'POST',
      url: '/api/v1/crm/prospects/bulk',
      token: own.token,
      body: {
        tenant_id: s.f.demoTenantId,
        file_name: 'phones.json',
        prospects: [
          { name: 'Upload Copy', phone1: '(555) 616-0001' },
          { name: 'Upload Seen Copy', phone1: '+1 555 615 0001' },
          { name: 'Upload Fresh', phone1: '+1 555 616 0009' },
        ],
      },
    }),
    200,
  );
  expect(upload.total_created).toBe(1);
  expect(upload.errors).toEqual([
    { row: 1, detail: 'duplicate of an existing lead (same Phone1)' },
    { row: 2, detail: 'duplicate of an existing lead (same Phone1)' },
  ]);
  const staffUpload = expectStatus<{ errors: Array<{ row: number; detail: string }> }>(
    await s.t.request({
      method: 'POST',
      url: '/api/v1/crm/prospects/bulk',
      token: s.f.staff,
      body: { tenant_id: s.f.demoTenantId, file_name: 'phones.json', prospects: [{ name: 'Staff Upload Copy', phone1: '+1 555 615 0001' }] },
    }),
    200,
  );
  expect(staffUpload.errors).toEqual([{ row: 1, detail: 'duplicate of existing lead "Lead Only Renamed" (same Phone1)' }]);
});

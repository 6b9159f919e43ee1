import { eq, sql } from 'drizzle-orm';
import { leads, prospects } from '../../../db/schema';
import { expectStatus } from '../../../testing/crm-fixture';
import { ownerUser, type OwnerUser } from '../../../testing/owner-users';
import { createStatusFixture, type StatusFixture } from '../../../testing/status-fixture';

/*
 * One company per phone, held by the database (migration 0056) as well as by the services: two
 * requests writing one number at once (a prospect and a lead, two leads), by users who do not see
 * each other's records, end with one record holding it and the other refused with 409 naming
 * phone1, never both. Run on PostgreSQL too (TEST_DATABASE_URL), where the requests really overlap.
 */

let s: StatusFixture;
let own: OwnerUser;
beforeAll(async () => {
  s = await createStatusFixture();
  own = await ownerUser(s.t, s.f, { email: 'phone-race-own@example.com', fullName: 'Phone Race Own', visibility: 'own' });
});
afterAll(() => s.t.close());

const tenant = () => s.f.demoTenantId;
const add = (kind: 'prospects' | 'leads', token: string, name: string, phone1: string) =>
  s.t.request({ method: 'POST', url: `/api/v1/crm/${kind}`, token, body: { tenant_id: tenant(), name, phone1 } });

/** Who holds the digits: prospects and leads of the tenant, past every wall. */
async function holders(digits: string) {
  const [p, l] = await Promise.all([
    s.t.db
      .select({ id: prospects.id })
      .from(prospects)
      .where(sql`${prospects.tenantId} = ${tenant()} and ${prospects.phoneDigits} = ${digits}`),
    s.t.db
      .select({ id: leads.id, prospectId: leads.prospectId })
      .from(leads)
      .where(sql`${leads.tenantId} = ${tenant()} and ${leads.phoneDigits} = ${digits}`),
  ]);
  return { prospects: p.length, leads: l.filter((lead) => lead.prospectId === null || !p.some((row) => row.id === lead.prospectId)).length };
}

test('the database itself refuses a second company for a number, whatever writes it', async () => {
  const holder = expectStatus<{ id: string }>(await add('prospects', s.f.staff, 'Database Holder', '+1 555 630 0001'), 201);
  const row = (await s.t.db.select().from(prospects).where(eq(prospects.id, holder.id)))[0]!;
  const copy = { tenantId: tenant(), name: 'Straight Into The Table', phone1: row.phone1, phone1E164: row.phone1E164 };
  await expect(s.t.db.insert(leads).values(copy)).rejects.toMatchObject({ cause: expect.objectContaining({ constraint: 'one_company_per_phone' }) });
  // Its own lead is the same company: converting keeps the number.
  const converted = await s.changeStatus({ prospect_id: holder.id, status_id: s.statuses.Interested.id });
  expect(converted.statusCode).toBe(200);
  // A lead's number, then, is not a prospect's to take, nor another lead's.
  const lead = expectStatus<{ id: string }>(await add('leads', s.f.staff, 'Lead Holder', '+1 555 630 0002'), 201);
  const leadRow = (await s.t.db.select().from(leads).where(eq(leads.id, lead.id)))[0]!;
  const taken = { tenantId: tenant(), phone1: leadRow.phone1, phone1E164: leadRow.phone1E164 };
  await expect(s.t.db.insert(prospects).values({ ...taken, name: 'Prospect Copy' })).rejects.toMatchObject({
    cause: expect.objectContaining({ constraint: 'one_company_per_phone' }),
  });
  await expect(s.t.db.insert(leads).values({ ...taken, name: 'Lead Copy' })).rejects.toMatchObject({
    cause: expect.objectContaining({ constraint: 'one_company_per_phone' }),
  });
  expect(await holders('15556300002')).toEqual({ prospects: 0, leads: 1 });
});

test('two writers of one number at once: one holds it, the other gets 409 naming phone1', async () => {
  const ROUNDS = 12;
  const writers = [
    (i: number) => add('prospects', own.token, `Race Prospect ${i}`, `+1 555 631 ${String(1000 + i)}`),
    (i: number) => add('leads', s.f.admin, `Race Lead ${i}`, `(555) 631-${String(1000 + i)}`),
    (i: number) => add('leads', s.f.staff, `Race Second Lead ${i}`, `1 555 631 ${String(1000 + i)}`),
  ];
  const answers = await Promise.all(Array.from({ length: ROUNDS }, (_, i) => Promise.all(writers.map((write) => write(i)))));
  for (const [i, round] of answers.entries()) {
    const codes = round.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(2);
    for (const refused of round.filter((answer) => answer.statusCode === 409)) expect(refused.json().detail).toMatch(/^phone1: /);
    const held = await holders(`1555631${1000 + i}`);
    expect(held.prospects + held.leads).toBe(1);
  }
});

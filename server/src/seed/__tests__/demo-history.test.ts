import { funnelReportSchema, wonLostReportSchema, callsReportSchema } from '@app/shared/contracts';
import { and, eq, isNull, like } from 'drizzle-orm';
import { leads } from '../../db/schema';
import { expectStatus } from '../../testing/crm-fixture';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { DEMO_HISTORY_LEADS, seedDemoHistory } from '../demo-history';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ crmSample: true });
  admin = await t.loginAdmin();
});
afterAll(() => t.close());

const report = async (kind: string) => expectStatus(await t.request({ url: `/api/v1/crm/reports/${kind}?tenant_id=${t.seed!.tenantId}`, token: admin }), 200);

test('on first start the reports show a year of won and lost deals and weeks of calls', async () => {
  const wonLost = wonLostReportSchema.parse(await report('won-lost'));
  // Most of the 12 months have a deal closed.
  expect(wonLost.months.filter((month) => month.won_count + month.lost_count > 0).length).toBeGreaterThanOrEqual(9);
  expect(wonLost.total.won_count).toBeGreaterThan(30);
  expect(wonLost.total.lost_count).toBeGreaterThan(20);
  expect(wonLost.lost_reasons.length).toBeGreaterThan(1);
  const funnel = funnelReportSchema.parse(await report('funnel'));
  expect(funnel.median_days_to_won).toBeGreaterThan(0);
  const calls = callsReportSchema.parse(await report('calls'));
  expect(calls.users.length).toBeGreaterThanOrEqual(2);
  expect(new Set(calls.days.map((day) => day.day)).size).toBeGreaterThan(40);
  // Owners are spread over the tenant's users and unassigned.
  const owners = await t.db
    .selectDistinct({ ownerId: leads.ownerId })
    .from(leads)
    .where(and(eq(leads.tenantId, t.seed!.tenantId), like(leads.name, 'Past deal %')));
  expect(owners.length).toBeGreaterThanOrEqual(3);
  // Each deal's number is kept as E.164 too, so no screen lists it as an invalid phone.
  const withoutE164 = await t.db
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.tenantId, t.seed!.tenantId), like(leads.name, 'Past deal %'), isNull(leads.phone1E164)));
  expect(withoutE164).toEqual([]);
});

test('seeding again adds nothing', async () => {
  const count = async () =>
    (
      await t.db
        .select({ id: leads.id })
        .from(leads)
        .where(and(eq(leads.tenantId, t.seed!.tenantId), like(leads.name, 'Past deal %')))
    ).length;
  expect(await count()).toBe(DEMO_HISTORY_LEADS);
  expect(await seedDemoHistory(t.db, t.seed!.tenantId)).toEqual([]);
  expect(await count()).toBe(DEMO_HISTORY_LEADS);
});

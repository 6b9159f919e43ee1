import { createCrmFixture, expectStatus, type CrmFixture } from '../../../testing/crm-fixture';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createQuotation } from '../../../testing/quotation-helpers';

const perQuotation = { max: 3, windowMs: 10 * 60_000 };
const perUser = { max: 5, windowMs: 60 * 60_000 };

let t: TestApp;
let second: TestApp;
let f: CrmFixture;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: { quotationSendPerQuotation: perQuotation, quotationSendPerUser: perUser } });
  // A second instance of the server on the same database: the counts are shared.
  second = await createTestApp({ database: t.database, seed: false, rateLimits: { quotationSendPerQuotation: perQuotation, quotationSendPerUser: perUser } });
  f = await createCrmFixture(t);
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const send = (app: TestApp, token: string, id: string) => app.request({ method: 'POST', url: `/api/v1/quotations/${id}/send`, token });

async function queuedMails(id: string): Promise<number> {
  const history = expectStatus<{ history: Array<{ kind: string }> }>(await t.request({ url: `/api/v1/quotations/${id}/history`, token: f.admin }), 200);
  return history.history.filter((event) => event.kind === 'sent').length;
}

test('a fourth send of one quotation within 10 minutes is refused with 429 and mails nothing, across instances', async () => {
  const q = await createQuotation(t, f.admin, f.demoTenantId, { valid_until: '2099-01-01' });
  expectStatus(await send(t, f.admin, q.id), 200);
  expectStatus(await send(second, f.admin, q.id), 200);
  // Another user of the tenant sending the same quotation counts towards its limit too.
  expectStatus(await send(t, f.staff, q.id), 200);

  const refused = await send(second, f.admin, q.id);
  expect(refused.statusCode).toBe(429);
  expect(refused.json().detail).toMatch(/^This quotation was already sent 3 times within 10 minutes\. Please try again in \d+ minutes?\.$/);
  expect(await queuedMails(q.id)).toBe(3);
});

test('a user past 5 sends in an hour is refused on any quotation; another user still sends', async () => {
  const quotations = await Promise.all([1, 2, 3, 4, 5].map(() => createQuotation(t, f.staff, f.demoTenantId, { valid_until: '2099-01-01' })));
  // The staff user sent once in the test above; four more fill the hour.
  for (const q of quotations.slice(0, 4)) expectStatus(await send(t, f.staff, q.id), 200);

  const refused = await send(second, f.staff, quotations[4].id);
  expect(refused.statusCode).toBe(429);
  expect(refused.json().detail).toMatch(/^You have sent 5 quotations within 1 hour, the most allowed\. Please try again in \d+ minutes?\.$/);
  expect(await queuedMails(quotations[4].id)).toBe(0);

  expectStatus(await send(t, f.admin, quotations[4].id), 200);
});

test("refused and invisible sends use up nothing: another tenant's user cannot exhaust a quotation's sends", async () => {
  const q = await createQuotation(t, f.admin, f.demoTenantId, { valid_until: '2099-01-01' });
  for (let i = 0; i < 5; i += 1) expect((await send(t, f.outsider, q.id)).statusCode).toBe(404);
  expectStatus(await send(t, f.admin, q.id), 200);
});

test('bad ids answer 4xx, never 500', async () => {
  for (const id of ['not-a-uuid', '%00', 'x'.repeat(100_000)]) {
    const response = await send(t, f.admin, id);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  }
});

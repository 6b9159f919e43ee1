import { leadSchema, timelineResponseSchema } from '@app/shared/contracts';
import { expectStatus } from '../../../testing/crm-fixture';
import { ownerUser } from '../../../testing/owner-users';
import { createQuotation } from '../../../testing/quotation-helpers';
import { createStatusFixture, type StatusFixture } from '../../../testing/status-fixture';

let s: StatusFixture;
beforeAll(async () => {
  s = await createStatusFixture();
});
afterAll(() => s.t.close());

test("a lead's timeline names who sent each of its quotations, each sending its own entry", async () => {
  const sender = await ownerUser(s.t, s.f, { email: 'timeline-sender@example.com', fullName: 'Sena Sender' });
  const lead = leadSchema.parse(
    expectStatus(
      await s.t.request({
        method: 'POST',
        url: '/api/v1/crm/leads',
        token: sender.token,
        body: { tenant_id: s.f.demoTenantId, name: 'Quoted Co', phone1: '+1 555 640 0001' },
      }),
      201,
    ),
  );
  const quotation = await createQuotation(s.t, sender.token, s.f.demoTenantId, { lead_id: lead.id, client_email: 'buyer@example.com' });
  for (let i = 0; i < 2; i += 1) expectStatus(await s.t.request({ method: 'POST', url: `/api/v1/quotations/${quotation.id}/send`, token: sender.token }), 200);
  const entries = timelineResponseSchema.parse(
    expectStatus(await s.t.request({ url: `/api/v1/crm/leads/${lead.id}/timeline`, token: s.f.admin }), 200),
  ).entries;
  const sent = entries.filter((entry) => entry.summary === `Quotation ${quotation.number} sent`);
  expect(sent.map((entry) => [entry.kind, entry.user_name])).toEqual([
    ['quotation', 'Sena Sender'],
    ['quotation', 'Sena Sender'],
  ]);
});

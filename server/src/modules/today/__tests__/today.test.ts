import { serverDaySchema } from '@app/shared/contracts';
import { addDays, localDate } from '../../../lib/today';
import { createCrmFixture, expectStatus } from '../../../testing/crm-fixture';
import { createTestApp } from '../../../testing/test-app';

test("GET /crm/today answers the server's day, whatever a browser's clock says; staff only", async () => {
  // The server's clock two days ahead of this machine's: the day a task or goal defaults to is the server's.
  const ahead = new Date(Date.now() + 2 * 86_400_000);
  const t = await createTestApp({ clock: () => ahead });
  try {
    const f = await createCrmFixture(t);
    const day = serverDaySchema.parse(expectStatus(await t.request({ url: '/api/v1/crm/today', token: f.staff }), 200));
    expect(day).toEqual({ today: localDate(ahead) });
    expect(day.today).toBe(addDays(localDate(), 2));
    expect((await t.request({ url: '/api/v1/crm/today' })).statusCode).toBe(401);
  } finally {
    await t.close();
  }
});

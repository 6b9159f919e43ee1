import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { userContext } from '../context';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const someone = () => userContext({ id: randomUUID(), isAdmin: false, tenantId: randomUUID() });

test('a transaction sees its context, and its connection goes back to the pool without it, after a failure too', async () => {
  const handle = t.database.handle;
  const user = someone();
  const seen = await handle.contextDb(user).transaction((tx) => tx.execute(sql`select current_setting('orbitra.user_id', true) as user_id`));
  expect((seen as { rows: unknown[] }).rows).toEqual([{ user_id: user.kind === 'user' ? user.userId : '' }]);
  await expect(handle.contextDb(someone()).transaction(async (tx) => tx.execute(sql`select 1 / 0`))).rejects.toThrow(/select 1 \/ 0/);

  // Every connection the pool holds, as a caller outside the wall gets it.
  const clients = await Promise.all(Array.from({ length: handle.pool.totalCount }, () => handle.pool.connect()));
  try {
    for (const client of clients) {
      const { rows } = await client.query<{ scope: string | null; user_id: string | null; tenant_ids: string | null; owner_ids: string | null }>(
        `select current_setting('orbitra.scope', true) as scope, current_setting('orbitra.user_id', true) as user_id,
                current_setting('orbitra.tenant_ids', true) as tenant_ids, current_setting('orbitra.owner_ids', true) as owner_ids`,
      );
      for (const value of Object.values(rows[0])) expect(value ?? '').toBe('');
    }
  } finally {
    for (const client of clients) client.release();
  }
});

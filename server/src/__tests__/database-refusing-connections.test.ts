import { adminQuery } from '../testing/postgres-admin';
import { createTestApp, type TestApp } from '../testing/test-app';
import { testServerUrl } from '../testing/test-db';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test('a database that refuses new connections answers 503 with the outage detail, not 500', async () => {
  const handle = t.database.handle;
  const admin = await t.loginAdmin();
  const name = decodeURIComponent(new URL(handle.url).pathname.slice(1));
  const server = testServerUrl();
  await adminQuery(server, `ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
  try {
    await adminQuery(server, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}' AND pid <> pg_backend_pid()`);
    for (const url of [`/api/v1/crm/prospects?tenant_id=${t.seed!.tenantId}`, '/api/v1/crm/tenants']) {
      const response = await t.request({ url, token: admin });
      expect({ url, status: response.statusCode, body: response.json() }).toEqual({
        url,
        status: 503,
        body: { detail: 'The database is unavailable. Try again shortly.' },
      });
    }
  } finally {
    await adminQuery(server, `ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
  }
  // Back once it accepts connections again.
  expect((await t.request({ url: '/api/v1/crm/tenants', token: admin })).statusCode).toBe(200);
});

import { sendQuotationResponseSchema } from '@app/shared/contracts';
import { ConfigError, loadConfig } from '../../../config';
import { createCrmFixture, expectStatus, type CrmFixture } from '../../../testing/crm-fixture';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createQuotation } from '../../../testing/quotation-helpers';

/** Sends a fresh quotation through the given headers and answers the link staff are shown. */
async function linkFrom(t: TestApp, f: CrmFixture, headers: Record<string, string>): Promise<string> {
  const q = await createQuotation(t, f.staff, f.demoTenantId, { valid_until: '2099-01-01' });
  const response = await t.request({ method: 'POST', url: `/api/v1/quotations/${q.id}/send`, token: f.staff, headers });
  return sendQuotationResponseSchema.parse(expectStatus(response, 200)).share_url;
}

describe('with PUBLIC_URL', () => {
  let t: TestApp;
  let f: CrmFixture;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://quotes.example.com/' } });
    f = await createCrmFixture(t);
  });
  afterAll(() => t.close());

  test('links are built on it, whatever address staff use', async () => {
    expect(await linkFrom(t, f, { host: 'internal-host:8080' })).toMatch(/^https:\/\/quotes\.example\.com\/q\/[\w-]+$/);
  });
});

describe('without PUBLIC_URL, no proxy trusted', () => {
  let t: TestApp;
  let f: CrmFixture;
  beforeAll(async () => {
    t = await createTestApp();
    f = await createCrmFixture(t);
  });
  afterAll(() => t.close());

  test('links use the Host staff reached the server at, never localhost', async () => {
    const link = await linkFrom(t, f, { host: 'crm.acme.test:8443' });
    expect(link).toMatch(/^http:\/\/crm\.acme\.test:8443\/q\/[\w-]+$/);
    // The same link on reading the quotation back and in the list.
    const id = (
      await t.request({ url: `/api/v1/quotations?tenant_id=${f.demoTenantId}&status=sent`, token: f.staff, headers: { host: 'crm.acme.test:8443' } })
    ).json().quotations[0].share_url;
    expect(id).toMatch(/^http:\/\/crm\.acme\.test:8443\/q\//);
  });

  test('a forwarded host is ignored unless the proxy is trusted', async () => {
    const link = await linkFrom(t, f, { host: 'crm.acme.test', 'x-forwarded-host': 'evil.example.com', 'x-forwarded-proto': 'https' });
    expect(link).toMatch(/^http:\/\/crm\.acme\.test\/q\//);
  });

  test('a malformed Host is refused, not written into a link', async () => {
    const q = await createQuotation(t, f.staff, f.demoTenantId, { valid_until: '2099-01-01' });
    const response = await t.request({
      method: 'POST',
      url: `/api/v1/quotations/${q.id}/send`,
      token: f.staff,
      headers: { host: 'evil.example.com/<script>' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('Host: not a valid host name.');
  });
});

describe('without PUBLIC_URL, behind a trusted proxy', () => {
  let t: TestApp;
  let f: CrmFixture;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    f = await createCrmFixture(t);
  });
  afterAll(() => t.close());

  test('links use X-Forwarded-Host and X-Forwarded-Proto', async () => {
    const link = await linkFrom(t, f, { host: '10.0.0.5:8080', 'x-forwarded-host': 'crm.acme.com', 'x-forwarded-proto': 'https' });
    expect(link).toMatch(/^https:\/\/crm\.acme\.com\/q\/[\w-]+$/);
  });
});

test('production refuses to start without PUBLIC_URL, naming it', () => {
  const env = { NODE_ENV: 'production', ADMIN_EMAIL: 'boss@example.com' };
  expect(() => loadConfig(env, '/srv/app')).toThrow(ConfigError);
  expect(() => loadConfig(env, '/srv/app')).toThrow(/PUBLIC_URL is required when NODE_ENV=production/);
  expect(loadConfig({ ...env, PUBLIC_URL: 'https://crm.example.com' }, '/srv/app').publicOrigin).toBe('https://crm.example.com');
});

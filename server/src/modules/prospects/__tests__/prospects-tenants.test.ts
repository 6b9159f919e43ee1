import type { Prospect } from '@app/shared/contracts';
import { createCrmFixture, expectStatus, type CrmFixture } from '../../../testing/crm-fixture';
import { prospectRequests } from '../../../testing/prospect-requests';
import { createTestApp, type TestApp } from '../../../testing/test-app';

type Requests = ReturnType<typeof prospectRequests>;

let t: TestApp;
let f: CrmFixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await createCrmFixture(t);
  ({ create, list, get } = prospectRequests(t, f));
});
afterAll(() => t.close());

let create: Requests['create'];
let list: Requests['list'];
let get: Requests['get'];

describe('another tenant', () => {
  test("cannot list, read, create in, change or delete the demo tenant's prospects", async () => {
    const target = await create({ name: 'Private Co', phone1: '+1 555 777 0001', email: 'private@example.com' });
    const before = expectStatus(await get(target.id), 200);

    expect((await t.request({ url: `/api/v1/crm/prospects?tenant_id=${f.demoTenantId}`, token: f.outsider })).statusCode).toBe(403);
    expect((await t.request({ url: `/api/v1/crm/prospects?tenant_id=${f.demoTenantId}&q=private`, token: f.outsider })).statusCode).toBe(403);
    const read = await get(target.id, f.outsider);
    expect(read.statusCode).toBe(404);
    expect(read.json()).toEqual({ detail: 'Prospect not found.' });
    const created = await t.request({
      method: 'POST',
      url: '/api/v1/crm/prospects',
      token: f.outsider,
      body: { tenant_id: f.demoTenantId, name: 'Planted', phone1: '123' },
    });
    expect(created.statusCode).toBe(403);
    expect((await t.request({ method: 'PUT', url: `/api/v1/crm/prospects/${target.id}`, token: f.outsider, body: { name: 'Hacked' } })).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url: `/api/v1/crm/prospects/${target.id}`, token: f.outsider })).statusCode).toBe(404);

    expect(expectStatus(await get(target.id), 200)).toEqual(before);
    expect((await list('q=planted')).pagination.total).toBe(0);
  });

  test('admins work in every tenant', async () => {
    const prospect = await create({ name: 'Admin made', phone1: '+1 555 515 0000' }, f.otherTenantId, f.admin);
    expect(expectStatus<Prospect>(await get(prospect.id, f.outsider), 200).name).toBe('Admin made');
    expect(expectStatus<Prospect>(await get(prospect.id, f.admin), 200).tenant_id).toBe(f.otherTenantId);
  });
});

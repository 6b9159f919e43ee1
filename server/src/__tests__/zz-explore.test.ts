import fs from 'node:fs';
import { createCrmFixture } from '../testing/crm-fixture';
import { createTestApp } from '../testing/test-app';
test('explore', async () => {
  const t = await createTestApp({ rateLimits: { loginPerIp: { max: 5, windowMs: 60000 } } });
  const f = await createCrmFixture(t);
  const show = async (label: string, o: Parameters<typeof t.request>[0]) => {
    const r = await t.request(o);
    fs.appendFileSync('/tmp/h/explore.log', [label, r.statusCode, r.headers['content-type'], r.body.slice(0, 200)].join(' ') + '\n');
  };
  await show('414', { url: '/api/v1/crm/prospects/' + 'a'.repeat(200), token: f.admin });
  await show('405?', { method: 'PROPFIND' as never, url: '/api/v1/crm/prospects', token: f.admin });
  await show('405b', { method: 'PATCH', url: '/api/v1/crm/prospects', token: f.admin });
  await show('nul login', { method: 'POST', url: '/api/v1/auth/login', body: { email: 'a\u0000@b.c', password: 'x' } });
  await show('nul tenant', { method: 'POST', url: '/api/v1/crm/tenants', token: f.admin, body: { name: 'x', domain: 'a\u0000b.com' } });
  await show('sur tenant', { method: 'POST', url: '/api/v1/crm/tenants', token: f.admin, body: { name: 'x\ud800', domain: 'ab.com' } });
  await show('proto', { method: 'POST', url: '/api/v1/crm/tenants', token: f.admin, headers: { 'content-type': 'application/json' }, body: '{"__proto__": {"x": 1}, "name": "y"}' });
  await show('ctor', { method: 'POST', url: '/api/v1/crm/tenants', token: f.admin, headers: { 'content-type': 'application/json' }, body: '{"constructor": {"prototype": {"x": 1}}, "name": "y"}' });
  await show('path nul', { url: '/api/v1/crm/prospects/%00', token: f.admin });
  await show('path bad utf8', { url: '/api/v1/crm/prospects/%ED%A0%80', token: f.admin });
  await show('path bad pct', { url: '/api/v1/crm/prospects/%zz', token: f.admin });
  await show('query bad pct', { url: '/api/v1/crm/prospects?q=%zz&tenant_id=' + f.demoTenantId, token: f.admin });
  await show('query nul', { url: '/api/v1/crm/prospects?q=%00&tenant_id=' + f.demoTenantId, token: f.admin });
  await show('deep', { method: 'POST', url: '/api/v1/crm/tenants', token: f.admin, headers: { 'content-type': 'application/json' }, body: '{"name":' + '['.repeat(100000) + ']'.repeat(100000) + '}' });
  for (let i = 0; i < 3; i++) await show('429', { method: 'POST', url: '/api/v1/auth/login', body: { email: 'q@b.c', password: 'x' } });
  await show('1mb name', { method: 'POST', url: '/api/v1/crm/tenants', token: f.admin, body: { name: 'x'.repeat(1e6), domain: 'ab.com' } });
  await t.close();
});

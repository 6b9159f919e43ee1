import { ConfigError, loadConfig } from '../../config';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe('TRUST_PROXY', () => {
  test('true is refused at start, saying any client could pick its address', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/^TRUST_PROXY=true is refused: .*any client could pick its own address/);
  });

  test('a hop count, or proxy addresses and subnets', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toEqual({ hops: 1 });
    expect(loadConfig({ TRUST_PROXY: ' 2 ' }).trustProxy).toEqual({ hops: 2 });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.2, 10.1.0.0/16,fd00::/8, loopback, 192.168.0.0/255.255.0.0' }).trustProxy).toEqual({
      proxies: ['10.0.0.2', '10.1.0.0/16', 'fd00::/8', 'loopback', '192.168.0.0/255.255.0.0'],
    });
  });

  test('anything else refuses to start, naming the variable and the entry', () => {
    for (const bad of ['yes', 'TRUE', '-1', '1.5', '10.0.0.0/33', '999.1.1.1', 'proxy.example.com', '10.0.0.1,', '101']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/^TRUST_PROXY: /);
    }
  });

  test('a subnet as wide as the internet is no proxy: /0, two halves, ::/0 and a 0.0.0.0 netmask are refused with the reason', () => {
    for (const bad of ['0.0.0.0/0', '0.0.0.0/1,128.0.0.0/1', '::/0', '2000::/3', '0.0.0.0/0.0.0.0', '10.0.0.0/7']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/^TRUST_PROXY: /);
    }
  });

  test('an IPv4-mapped IPv6 subnet is judged as the IPv4 subnet it maps: wider than /8, or holding all of IPv4, is refused at start with the reason', () => {
    for (const bad of [
      '::ffff:0.0.0.0/96',
      '::ffff:0:0/96',
      '::ffff:0.0.0.0/95',
      '::ffff:0.0.0.0/100',
      '::ffff:10.0.0.0/103',
      '::/8',
      '::/80',
      '::ffff:128.0.0.0/97',
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: `10.0.0.2,${bad}` })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(
        /^TRUST_PROXY: ".*" (holds every IPv4 address|is the IPv4 subnet \/\d written as IPv6, wider than a \/8)/,
      );
    }
    expect(loadConfig({ TRUST_PROXY: '::ffff:10.0.0.0/104, ::ffff:10.0.0.2, ::ffff:192.168.1.0/120, fd00::/8' }).trustProxy).toEqual({
      proxies: ['::ffff:10.0.0.0/104', '::ffff:10.0.0.2', '::ffff:192.168.1.0/120', 'fd00::/8'],
    });
  });
});

/** The client address the server saw, as its request log records it (request.ip). */
function loggedAddress(t: TestApp, url: string): unknown {
  const line = t.logs.filter((entry) => (entry.req as { url?: string } | undefined)?.url === url).at(-1);
  return (line?.req as { remoteAddress?: unknown } | undefined)?.remoteAddress;
}

describe('behind one proxy (TRUST_PROXY=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' }, rateLimits: { contactPerIp: { max: 3, windowMs: 10 * 60_000 } } });
  });
  afterAll(() => t.close());

  test('the client address is the one the proxy added, not one the client wrote into X-Forwarded-For', async () => {
    await t.request({ url: '/api/v1/health?probe=1', remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' } });
    expect(loggedAddress(t, '/api/v1/health?probe=1')).toBe('203.0.113.9');
    await t.request({ url: '/api/v1/health?probe=2', remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': '203.0.113.10' } });
    expect(loggedAddress(t, '/api/v1/health?probe=2')).toBe('203.0.113.10');
  });

  test('a rotating forged X-Forwarded-For does not get past the contact form limit', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 5; i += 1) {
      const response = await t.request({
        method: 'POST',
        url: '/api/v1/support/contact',
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.50` },
        body: { firstName: 'Eve', lastName: 'Forger', email: `eve${i}@example.com`, message: 'Rotating addresses.' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });
});

describe('behind two proxies (TRUST_PROXY=2)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '2' } });
  });
  afterAll(() => t.close());

  test('the address two hops in is the client, whatever precedes it', async () => {
    await t.request({ url: '/api/v1/health?hops=2', remoteAddress: '10.0.0.3', headers: { 'x-forwarded-for': '6.6.6.6, 7.7.7.7, 203.0.113.9, 10.0.0.2' } });
    expect(loggedAddress(t, '/api/v1/health?hops=2')).toBe('203.0.113.9');
  });
});

describe('behind proxies named by address (TRUST_PROXY=10.0.0.0/8)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '10.0.0.0/8' } });
  });
  afterAll(() => t.close());

  test('X-Forwarded-For counts only when the proxy sent it', async () => {
    await t.request({ url: '/api/v1/health?via=proxy', remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' } });
    expect(loggedAddress(t, '/api/v1/health?via=proxy')).toBe('203.0.113.9');
    await t.request({ url: '/api/v1/health?via=direct', remoteAddress: '198.51.100.7', headers: { 'x-forwarded-for': '6.6.6.6' } });
    expect(loggedAddress(t, '/api/v1/health?via=direct')).toBe('198.51.100.7');
  });
});

describe('behind proxies named by an IPv4-mapped subnet (TRUST_PROXY=::ffff:10.0.0.0/104)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '::ffff:10.0.0.0/104' } });
  });
  afterAll(() => t.close());

  test('it trusts the IPv4 proxies it maps, and no other client', async () => {
    await t.request({ url: '/api/v1/health?mapped=proxy', remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(loggedAddress(t, '/api/v1/health?mapped=proxy')).toBe('203.0.113.9');
    await t.request({ url: '/api/v1/health?mapped=direct', remoteAddress: '198.51.100.7', headers: { 'x-forwarded-for': '6.6.6.6' } });
    expect(loggedAddress(t, '/api/v1/health?mapped=direct')).toBe('198.51.100.7');
  });
});

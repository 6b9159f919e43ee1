import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, configuredRateLimits, DEFAULT_BODY_LIMIT_BYTES, DEFAULT_RATE_LIMITS, loadConfig } from '../config';
import { resolveAuthSecret } from '../modules/auth';
import { repoRoot } from '../server-paths';
import { tempDir } from '../testing/test-app';

describe('loadConfig', () => {
  test('defaults', () => {
    const config = loadConfig({}, '/somewhere/server');
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      isProduction: false,
      dataDir: path.join(repoRoot, 'data'),
      databaseUrl: undefined,
      bodyLimitBytes: DEFAULT_BODY_LIMIT_BYTES,
      publicUrl: 'http://localhost:8080',
      shellDist: path.join(repoRoot, 'shell', 'dist'),
      remotesDir: path.join(repoRoot, 'remotes'),
      logLevel: 'info',
      trustProxy: false,
      loginLimitPerIpPerMinute: 20,
      contactLimitPerIpPer10Minutes: 5,
    });
    expect(fs.existsSync(path.join(repoRoot, 'pnpm-workspace.yaml'))).toBe(true);
  });

  test('relative DATA_DIR and SHELL_DIST resolve against the working directory; values are parsed', () => {
    const config = loadConfig(
      {
        DATA_DIR: 'var/data',
        SHELL_DIST: '../web',
        PORT: '9000',
        BODY_LIMIT_BYTES: '2048',
        PUBLIC_URL: 'https://crm.example.com/',
        NODE_ENV: 'production',
        ADMIN_EMAIL: 'Boss@Example.com',
        CONTACT_LIMIT_PER_IP_PER_10_MINUTES: '40',
      },
      '/srv/app',
    );
    expect(config.contactLimitPerIpPer10Minutes).toBe(40);
    expect(config).toMatchObject({
      dataDir: '/srv/app/var/data',
      shellDist: '/srv/web',
      port: 9000,
      bodyLimitBytes: 2048,
      publicUrl: 'https://crm.example.com',
      isProduction: true,
      adminEmail: 'boss@example.com',
    });
  });

  test('invalid values refuse to start with the variable named', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/^PORT: /);
    expect(() => loadConfig({ BODY_LIMIT_BYTES: '-1' })).toThrow(/BODY_LIMIT_BYTES/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });

  test('published versions: the CDN folder at /cdn by default; a bucket needs the address browsers load it from', () => {
    expect(loadConfig({})).toMatchObject({ cdnBucket: undefined, cdnPublicUrl: '/cdn' });
    expect(loadConfig({ CDN_PUBLIC_URL: 'https://cdn.example.com/remotes/' }).cdnPublicUrl).toBe('https://cdn.example.com/remotes');
    const bucket = loadConfig({
      CDN_S3_BUCKET: 'orbitra-remotes',
      CDN_S3_ENDPOINT: 'https://s3.example.com',
      CDN_S3_REGION: 'eu-west-1',
      CDN_PUBLIC_URL: 'https://cdn.example.com',
    });
    expect(bucket).toMatchObject({
      cdnBucket: { bucket: 'orbitra-remotes', endpoint: 'https://s3.example.com', region: 'eu-west-1' },
      cdnPublicUrl: 'https://cdn.example.com',
    });
    expect(() => loadConfig({ CDN_S3_BUCKET: 'orbitra-remotes' })).toThrow(/^CDN_PUBLIC_URL is required with CDN_S3_BUCKET/);
    const refused: Array<[Record<string, string>, RegExp]> = [
      [{ CDN_S3_BUCKET: 'Not_A_Bucket', CDN_PUBLIC_URL: '/cdn' }, /^CDN_S3_BUCKET: "Not_A_Bucket" is not a bucket name/],
      [{ CDN_S3_BUCKET: 'ok-bucket', CDN_S3_ENDPOINT: 'ftp://s3', CDN_PUBLIC_URL: '/cdn' }, /^CDN_S3_ENDPOINT: /],
      [{ CDN_PUBLIC_URL: 'cdn.example.com' }, /^CDN_PUBLIC_URL: "cdn.example.com" is not where browsers/],
      [{ CDN_PUBLIC_URL: '//cdn.example.com' }, /^CDN_PUBLIC_URL: /],
      [{ CDN_PUBLIC_URL: 'javascript:alert(1)' }, /^CDN_PUBLIC_URL: /],
      [{ CDN_PUBLIC_URL: 'https://cdn.example.com/?v=1' }, /^CDN_PUBLIC_URL: /],
    ];
    for (const [env, message] of refused) expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('configuredRateLimits', () => {
  test('the defaults, and each limit variable sets its maximum in the window its name says', () => {
    expect(configuredRateLimits(loadConfig({}))).toEqual(DEFAULT_RATE_LIMITS);
    const limits = configuredRateLimits(
      loadConfig({
        LOGIN_LIMIT_PER_IP_PER_MINUTE: '7',
        CONTACT_LIMIT_PER_IP_PER_10_MINUTES: '8',
        QUOTATION_SEND_LIMIT_PER_QUOTATION_PER_10_MINUTES: '9',
        QUOTATION_SEND_LIMIT_PER_USER_PER_HOUR: '10',
        PDF_LIMIT_PER_USER_PER_MINUTE: '11',
      }),
    );
    expect(limits).toEqual({
      ...DEFAULT_RATE_LIMITS,
      loginPerIp: { max: 7, windowMs: 60_000 },
      contactPerIp: { max: 8, windowMs: 10 * 60_000 },
      quotationSendPerQuotation: { max: 9, windowMs: 10 * 60_000 },
      quotationSendPerUser: { max: 10, windowMs: 60 * 60_000 },
      quotationPdfPerUser: { max: 11, windowMs: 60_000 },
    });
  });
});

describe('resolveAuthSecret', () => {
  let tmp: ReturnType<typeof tempDir>;
  beforeEach(() => {
    tmp = tempDir('orbitra-secret-');
  });
  afterEach(() => tmp.remove());

  test('outside production, generates one secret into DATA_DIR/auth-secret (0600) and reuses it', () => {
    const dataDir = path.join(tmp.dir, 'data');
    const first = resolveAuthSecret({ isProduction: false, dataDir, authSecret: undefined });
    const file = path.join(dataDir, 'auth-secret');
    expect(first.source).toBe(file);
    expect(first.secret.length).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveAuthSecret({ isProduction: false, dataDir, authSecret: undefined }).secret).toBe(first.secret);
  });

  test('AUTH_SECRET wins when set', () => {
    expect(resolveAuthSecret({ isProduction: false, dataDir: tmp.dir, authSecret: 'dev' })).toEqual({ secret: 'dev', source: 'AUTH_SECRET' });
  });

  test('production refuses a missing, default or short secret', () => {
    expect(() => resolveAuthSecret({ isProduction: true, dataDir: tmp.dir, authSecret: undefined })).toThrow(/AUTH_SECRET is required/);
    expect(() => resolveAuthSecret({ isProduction: true, dataDir: tmp.dir, authSecret: 'change-me' })).toThrow(/default or too short/);
    expect(() => resolveAuthSecret({ isProduction: true, dataDir: tmp.dir, authSecret: 'short-secret' })).toThrow(ConfigError);
    expect(fs.existsSync(path.join(tmp.dir, 'auth-secret'))).toBe(false);
    const good = 'x'.repeat(16) + 'y'.repeat(16) + 'z';
    expect(resolveAuthSecret({ isProduction: true, dataDir: tmp.dir, authSecret: good }).secret).toBe(good);
  });
});

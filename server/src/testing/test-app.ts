import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type App } from '../app';
import { loadConfig, type AppConfig } from '../config';
import type { Db } from '../db/client';
import { systemContext } from '../db/wall/context';
import { type Database, scopedDatabase } from '../tenancy/database';
import { DEMO_ADMIN, DEMO_STAFF, seedDemo, type SeedResult } from '../seed/seed';
import type { RateLimitSettings } from '../config';
import { deliverDueMail } from '../mail/deliver';
import { type Mailer, type OutboundMail, type PasswordResetMail, type QuotationMail } from '../mail/mailer';
import { emailKeyFromBytes, type EmailKey } from '../modules/email-accounts';
import { mailboxFetch } from '../modules/record-mails';
import { setPasswordHashCost } from '../modules/users';
import { createTestDatabase, type TestDatabase } from './test-db';

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-production-0123456789';
/** A fixed key for the stored mailbox passwords, so no test writes a key file. */
export const TEST_EMAIL_KEY: EmailKey = emailKeyFromBytes(Buffer.alloc(32, 7));
/** A fixed CSRF token: tests send it as cookie and header, like the browser client does. */
export const TEST_CSRF = 'test-csrf-token-0123456789abcdefghijklmnop';

export interface TestAppOptions {
  /** Seed the demo tenant, admin and staff (default true). */
  seed?: boolean;
  /** Also the demo CRM sample in the demo tenant (default false: tests count their own rows). */
  crmSample?: boolean;
  config?: Partial<AppConfig>;
  env?: NodeJS.ProcessEnv;
  rateLimits?: Partial<RateLimitSettings>;
  /** Replace the capturing mailer (e.g. undefined + log capture to test the log fallback). */
  mailer?: Mailer | 'log';
  logLevel?: string;
  emailKey?: EmailKey;
  /** The clock of call-queue claims and callbacks, for tests that move time. */
  clock?: () => Date;
  /** The clock of access tokens, refresh tokens and sessions, for tests that move time. */
  authClock?: () => Date;
  /** Another test app's database: a second instance of the app on the same data (not closed with this app). */
  database?: TestDatabase;
}

export interface RequestOptions {
  method?: InjectOptions['method'];
  url: string;
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Send the CSRF cookie and header (default true). */
  csrf?: boolean;
  /** Cookies besides the CSRF one (a refresh token). */
  cookies?: Record<string, string>;
  remoteAddress?: string;
}

export interface TestApp {
  app: App;
  db: Db;
  /** The database handed out per caller, as the app's routes get it (`scoped.as(scope)` is a request's `request.db`). */
  scoped: Database;
  database: TestDatabase;
  config: AppConfig;
  seed: SeedResult | null;
  /** Password reset mails the app sent. */
  mailbox: PasswordResetMail[];
  /** Quotation links the app mailed. */
  quotationMails: QuotationMail[];
  /** Every mail delivered, in order. */
  mails: OutboundMail[];
  /** Delivers the outbox's due mail now, as the worker would (tests run no worker of their own); answers how many were tried. */
  deliverMail(): Promise<number>;
  /** Fetches the connected mailboxes now, as the minute's scheduled work would: every due one, or this one whether due or not. */
  fetchMailboxes(accountId?: string): Promise<number>;
  /** Every log line, parsed. */
  logs: Array<Record<string, unknown>>;
  rawLogs: string[];
  request(options: RequestOptions): Promise<LightMyRequestResponse>;
  login(email: string, password: string): Promise<string>;
  loginAdmin(): Promise<string>;
  loginStaff(): Promise<string>;
  close(): Promise<void>;
}

export function testConfig(overrides: Partial<AppConfig> = {}, env: NodeJS.ProcessEnv = {}): AppConfig {
  // No builds unless a test creates them: point the static roots at folders that do not exist.
  const nowhere = path.join(os.tmpdir(), 'orbitra-no-build');
  const base = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    SHELL_DIST: path.join(nowhere, 'shell'),
    REMOTES_DIR: path.join(nowhere, 'remotes'),
    DATA_DIR: path.join(nowhere, 'data'),
    CDN_DIR: path.join(nowhere, 'cdn'),
    // Cheap argon2 (config.ts refuses it outside NODE_ENV=test): the suites sign in thousands of times.
    PASSWORD_HASH_COST: 'test',
    // The tests' mail servers (smtp-server, Dovecot) listen on 127.0.0.1.
    MAIL_HOSTS_ALLOWED: 'loopback',
    ...env,
  });
  return { ...base, ...overrides };
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  // Tests arrange and inspect rows across tenants: their own handle is deliberately the system's.
  const db = database.handle.contextDb(systemContext('test fixtures'));
  const config = testConfig(options.config, options.env);
  setPasswordHashCost(config.passwordHashCost);
  const seed = options.seed === false ? null : await seedDemo(database.handle, { crmSample: options.crmSample ?? false, linkSecret: TEST_SECRET });

  const mailbox: PasswordResetMail[] = [];
  const quotationMails: QuotationMail[] = [];
  const mails: OutboundMail[] = [];
  const capturing: Mailer = {
    configured: true,
    async deliver(mail) {
      mails.push(mail);
      if (mail.kind === 'password_reset') mailbox.push({ to: mail.to, link: mail.link });
      if (mail.kind === 'quotation')
        quotationMails.push({
          to: mail.to,
          number: mail.number,
          title: mail.title,
          companyName: mail.companyName,
          link: mail.link,
          validUntil: mail.validUntil,
        });
    },
  };
  const mailer: Mailer | undefined = options.mailer === 'log' ? undefined : (options.mailer ?? capturing);

  const rawLogs: string[] = [];
  const logs: Array<Record<string, unknown>> = [];
  const app = await buildApp({
    config,
    database: database.handle,
    authSecret: TEST_SECRET,
    emailKey: options.emailKey ?? TEST_EMAIL_KEY,
    mailer,
    clock: options.clock,
    authClock: options.authClock,
    // Generous per-address limits: every test call comes from 127.0.0.1. The rate-limit tests set their own.
    rateLimits: {
      loginPerIp: { max: 1000, windowMs: 60_000 },
      // The fuzz run tries wrong current passwords on the password change many times; the limit's own tests set it.
      loginFailuresPerAccount: { max: 1000, windowMs: 60_000 },
      passwordResetPerIp: { max: 1000, windowMs: 60_000 },
      passwordResetsPerAccount: { max: 1000, windowMs: 60_000 },
      contactPerIp: { max: 1000, windowMs: 60_000 },
      publicQuotationPerIp: { max: 1000, windowMs: 60_000 },
      calendarFeedPerIp: { max: 1000, windowMs: 60_000 },
      releaseFailuresPerIp: { max: 1000, windowMs: 60_000 },
      quotationSendPerQuotation: { max: 1000, windowMs: 60_000 },
      quotationSendPerUser: { max: 1000, windowMs: 60_000 },
      quotationPdfPerUser: { max: 1000, windowMs: 60_000 },
      ...options.rateLimits,
    },
    logger: {
      level: options.logLevel ?? 'info',
      stream: {
        write(line: string) {
          rawLogs.push(line);
          try {
            logs.push(JSON.parse(line));
          } catch {
            logs.push({ msg: line });
          }
        },
      },
    },
  });

  const request = (o: RequestOptions) => {
    const headers: Record<string, string> = { ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    const csrf = o.csrf ?? true;
    if (csrf) headers['x-csrftoken'] = TEST_CSRF;
    return app.inject({
      method: o.method ?? 'GET',
      url: o.url,
      headers,
      cookies: csrf || o.cookies ? { ...(csrf ? { csrftoken: TEST_CSRF } : {}), ...o.cookies } : undefined,
      remoteAddress: o.remoteAddress,
      ...(o.body !== undefined ? { payload: o.body as InjectOptions['payload'] } : {}),
    });
  };

  const login = async (email: string, password: string) => {
    const response = await request({ method: 'POST', url: '/api/v1/auth/login', body: { email, password } });
    if (response.statusCode !== 200) throw new Error(`login of ${email} failed: ${response.statusCode} ${response.body}`);
    return response.json().access_token as string;
  };

  return {
    app,
    db,
    scoped: scopedDatabase(database.handle),
    database,
    config,
    seed,
    mailbox,
    quotationMails,
    mails,
    deliverMail: () => deliverDueMail({ db: database.handle.contextDb(systemContext('mail delivery')), mailer: app.mailer, log: app.log }),
    fetchMailboxes: async (accountId) => {
      const fetcher = mailboxFetch(scopedDatabase(database.handle), {
        key: options.emailKey ?? TEST_EMAIL_KEY,
        mail: { rule: config.mailHosts },
        log: app.log,
      });
      return accountId ? Number(await fetcher.fetchNow(accountId)) : fetcher.run();
    },
    logs,
    rawLogs,
    request,
    login,
    loginAdmin: () => login(DEMO_ADMIN.email, DEMO_ADMIN.password),
    loginStaff: () => login(DEMO_STAFF.email, DEMO_STAFF.password),
    async close() {
      await app.close();
      if (!options.database) await database.dispose();
    },
  };
}

/** A temporary folder removed by the returned function. */
export function tempDir(prefix: string): { dir: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

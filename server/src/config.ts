import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { REMOTE_NAMES } from '@app/shared/federation/remote-names';
import { z } from 'zod';
import { parseMailHostsAllowed, type MailHostRule } from './lib/mail-hosts';
import { repoRoot } from './server-paths';

export type PasswordHashCost = 'standard' | 'test';

/** A setting the server cannot start with; server.ts prints the message and exits. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** Where this server serves the CDN folder, and where browsers load published versions from unless CDN_PUBLIC_URL names another place. */
export const CDN_PATH = '/cdn';

export const DEFAULT_BODY_LIMIT_BYTES = 10 * 1024 * 1024;
/** POST /crm/prospects/bulk alone: 50,000 rows of JSON need more than the default. */
export const DEFAULT_BULK_BODY_LIMIT_BYTES = 64 * 1024 * 1024;

/** How many calls of one kind in how long. */
export interface Limit {
  max: number;
  windowMs: number;
}

export interface RateLimitSettings {
  /** Every login attempt, per client address. */
  loginPerIp: Limit;
  /**
   * Failed logins per account (email) and client address (an IPv6 address's /64): stops guessing
   * without letting a stranger lock the owner out, who signs in from another address.
   */
  loginFailuresPerAccount: Limit;
  /** Reset requests and confirmations per client address: stops mail bombing and token guessing. */
  passwordResetPerIp: Limit;
  /** Reset requests per account (email), whatever the address: one mailbox gets no flood from many addresses. */
  passwordResetsPerAccount: Limit;
  /** Contact form sends per client address: the public form must not become a spam pipe. */
  contactPerIp: Limit;
  /** Mailbox password reveals per signed-in user: a stolen session cannot dump every password at once. */
  passwordRevealPerUser: Limit;
  /** Calls on quotation links per client address: opening, PDF, accept, reject; stops token guessing. */
  publicQuotationPerIp: Limit;
  /** Calendar feed reads per client address: calendar apps poll every few minutes; stops token guessing. */
  calendarFeedPerIp: Limit;
  /** Failure reports of remote versions per client address: a broken release reports once per page, not a flood. */
  releaseFailuresPerIp: Limit;
  /** Sends (each mails the client) of one quotation, whoever sends it. */
  quotationSendPerQuotation: Limit;
  /** Quotation sends per signed-in user. */
  quotationSendPerUser: Limit;
  /** Quotation PDF downloads per signed-in user: each one costs up to a second of a worker's CPU. */
  quotationPdfPerUser: Limit;
  /** Mailbox connection checks (and saves that check) per signed-in user: each one connects to two servers out there. */
  mailboxCheckPerUser: Limit;
  /** Mails written from records per signed-in user: a rep's pace, never a mass mailing through their mailbox. */
  recordMailPerUser: Limit;
}

/**
 * The one place the rate limits' numbers are written. A few the environment may change
 * (LOGIN_LIMIT_PER_IP_PER_MINUTE, …: their maxima, within the windows their names say): configuredRateLimits.
 */
export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  loginPerIp: { max: 20, windowMs: 60_000 },
  loginFailuresPerAccount: { max: 5, windowMs: 15 * 60_000 },
  passwordResetPerIp: { max: 10, windowMs: 15 * 60_000 },
  passwordResetsPerAccount: { max: 3, windowMs: 60 * 60_000 },
  contactPerIp: { max: 5, windowMs: 10 * 60_000 },
  passwordRevealPerUser: { max: 30, windowMs: 60_000 },
  publicQuotationPerIp: { max: 60, windowMs: 60_000 },
  calendarFeedPerIp: { max: 60, windowMs: 60_000 },
  releaseFailuresPerIp: { max: 30, windowMs: 10 * 60_000 },
  quotationSendPerQuotation: { max: 3, windowMs: 10 * 60_000 },
  quotationSendPerUser: { max: 30, windowMs: 60 * 60_000 },
  quotationPdfPerUser: { max: 30, windowMs: 60_000 },
  mailboxCheckPerUser: { max: 10, windowMs: 60_000 },
  recordMailPerUser: { max: 100, windowMs: 60 * 60_000 },
};

/** A limit's maximum the environment may set; its default is the limit's own. */
const limitMax = (limit: Limit) => z.coerce.number().int().positive().max(100_000).default(limit.max);

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() ? value.trim() : undefined));

const envSchema = z.object({
  NODE_ENV: z.string().trim().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: optionalText,
  DATABASE_URL: optionalText,
  DATABASE_APP_URL: optionalText,
  DATABASE_READ_URL: optionalText,
  DATABASE_READ_APP_URL: optionalText,
  EMBEDDED_DATABASE_PORT: optionalText.pipe(z.coerce.number<string>().int().min(1).max(65535).optional()),
  AUTH_SECRET: optionalText,
  EMAIL_SECRET_KEY: optionalText,
  ADMIN_EMAIL: optionalText,
  ADMIN_PASSWORD: z
    .string()
    .optional()
    .transform((value) => value || undefined),
  SMTP_URL: optionalText,
  MAIL_FROM: optionalText,
  MAIL_HOSTS_ALLOWED: optionalText,
  PUBLIC_URL: optionalText.pipe(z.url().optional()),
  MF_REMOTES: optionalText,
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(DEFAULT_BODY_LIMIT_BYTES),
  BULK_BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(DEFAULT_BULK_BODY_LIMIT_BYTES),
  LOGIN_LIMIT_PER_IP_PER_MINUTE: limitMax(DEFAULT_RATE_LIMITS.loginPerIp),
  CONTACT_LIMIT_PER_IP_PER_10_MINUTES: limitMax(DEFAULT_RATE_LIMITS.contactPerIp),
  PDF_LIMIT_PER_USER_PER_MINUTE: limitMax(DEFAULT_RATE_LIMITS.quotationPdfPerUser),
  EXPORTS_AT_ONCE_PER_USER: z.coerce.number().int().positive().max(1000).default(2),
  EXPORTS_AT_ONCE_PER_TENANT: z.coerce.number().int().positive().max(10_000).default(4),
  PDF_WORKERS: z.coerce.number().int().positive().max(64).optional(),
  SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SHELL_DIST: optionalText,
  REMOTES_DIR: optionalText,
  CDN_DIR: optionalText,
  CDN_S3_BUCKET: optionalText,
  CDN_S3_ENDPOINT: optionalText,
  CDN_S3_REGION: optionalText,
  CDN_PUBLIC_URL: optionalText,
  TRUST_PROXY: optionalText,
  ALLOWED_HOSTS: optionalText,
  QUOTATION_SEND_LIMIT_PER_QUOTATION_PER_10_MINUTES: limitMax(DEFAULT_RATE_LIMITS.quotationSendPerQuotation),
  QUOTATION_SEND_LIMIT_PER_USER_PER_HOUR: limitMax(DEFAULT_RATE_LIMITS.quotationSendPerUser),
  PASSWORD_HASH_COST: z.enum(['standard', 'test']).default('standard'),
});

export interface AppConfig {
  nodeEnv: string;
  isProduction: boolean;
  /** argon2's cost for new password hashes: `test` (cheap) is accepted with NODE_ENV=test only. */
  passwordHashCost: PasswordHashCost;
  port: number;
  host: string;
  /** Folder of the embedded database and the generated auth secret. */
  dataDir: string;
  /** Set: that PostgreSQL; unset: the embedded PostgreSQL in dataDir/postgres. */
  databaseUrl: string | undefined;
  /** The app's own login for its pooled connections (a member of orbitra_app); unset: DATABASE_URL's user switched to that role. */
  databaseAppUrl: string | undefined;
  /** A streaming replica of DATABASE_URL's database that reports, list exports and the dashboard's counts read (db/read-replica.ts). */
  databaseReadUrl: string | undefined;
  /** The app's own login on the replica; unset: DATABASE_READ_URL's user switched to orbitra_app. */
  databaseReadAppUrl: string | undefined;
  /** The embedded database's port; unset: a free one at each start. */
  embeddedDatabasePort: number | undefined;
  authSecret: string | undefined;
  /** Base64 AES-256 key of the stored mailbox passwords (modules/email-accounts/email-key.ts). */
  emailSecretKey: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The mail servers users' mailboxes may be connected to besides public ones (MAIL_HOSTS_ALLOWED; mail/mail-hosts.ts). */
  mailHosts: MailHostRule;
  /** Origin of links made without a request (scheduled mails), without a trailing slash: PUBLIC_URL, else the first allowed host. */
  publicUrl: string;
  /** PUBLIC_URL as set (required in production); unset: links use the address staff reach the server at, if allowed. */
  publicOrigin: string | undefined;
  /** Without PUBLIC_URL, the host names links may be built on (lower case; IPv6 in brackets); the first is the fallback. */
  allowedHosts: string[];
  /** Remote name to the address of its mf-manifest.json, as served at /mf-remotes.json. */
  mfRemotes: Record<string, string>;
  bodyLimitBytes: number;
  /** Body limit of the bulk prospect upload only. */
  bulkBodyLimitBytes: number;
  /** Login attempts one client address may make per minute. */
  loginLimitPerIpPerMinute: number;
  /** Contact-form sends one client address may make per 10 minutes. */
  contactLimitPerIpPer10Minutes: number;
  /** Sends of one quotation per 10 minutes, whoever sends it. */
  quotationSendLimitPerQuotationPer10Minutes: number;
  /** Quotation sends one user may make per hour. */
  quotationSendLimitPerUserPerHour: number;
  pdfLimitPerUserPerMinute: number;
  /** Exports downloading at once, per user and per tenant, across instances (429 beyond). */
  exportsAtOnce: { perUser: number; perTenant: number };
  /** Worker threads drawing quotation PDFs; undefined: one fewer than the cores, at least one. */
  pdfWorkers: number | undefined;
  /** How long a verified session is reused without a database lookup; 0 turns the cache off. */
  sessionCacheTtlMs: number;
  logLevel: string;
  shellDist: string;
  remotesDir: string;
  /** Published remote versions (<remote>/<version>/), served at /cdn/ unless a bucket keeps them; a manifest.json there is carried into the database once. */
  cdnDir: string;
  /** CDN_S3_BUCKET and its service: published versions are read from there instead of cdnDir. */
  cdnBucket: CdnBucket | undefined;
  /** Where browsers load published versions from, without a trailing slash: CDN_PUBLIC_URL, else /cdn (this server). */
  cdnPublicUrl: string;
  /** Which proxies' X-Forwarded-* headers are believed (app.ts hands it to Fastify's trustProxy). Never all. */
  trustProxy: TrustProxy;
}

export interface CdnBucket {
  bucket: string;
  endpoint: string | undefined;
  region: string | undefined;
}

/** S3 bucket names: 3–63 lower-case letters, digits, dots and hyphens, a letter or digit at each end. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

function httpUrl(raw: string): URL | null {
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * CDN_S3_BUCKET with CDN_S3_ENDPOINT (a service other than AWS: MinIO, R2, …) and CDN_S3_REGION, and
 * CDN_PUBLIC_URL, the address browsers load the published versions from: required with a bucket, as
 * the server cannot guess where the bucket is served; a path on this server or an http(s) address.
 */
export function parseCdnSettings(e: { CDN_S3_BUCKET?: string; CDN_S3_ENDPOINT?: string; CDN_S3_REGION?: string; CDN_PUBLIC_URL?: string }): {
  cdnBucket: CdnBucket | undefined;
  cdnPublicUrl: string;
} {
  if (e.CDN_S3_BUCKET !== undefined && !BUCKET_NAME.test(e.CDN_S3_BUCKET)) {
    throw new ConfigError(`CDN_S3_BUCKET: "${e.CDN_S3_BUCKET}" is not a bucket name (3–63 lower-case letters, digits, dots and hyphens).`);
  }
  if (e.CDN_S3_ENDPOINT !== undefined && !httpUrl(e.CDN_S3_ENDPOINT)) {
    throw new ConfigError(`CDN_S3_ENDPOINT: "${e.CDN_S3_ENDPOINT}" is not an http(s) address (e.g. https://s3.example.com).`);
  }
  const publicUrl = e.CDN_PUBLIC_URL;
  if (publicUrl !== undefined) {
    const url = httpUrl(publicUrl);
    const isPath = publicUrl.startsWith('/') && !publicUrl.startsWith('//');
    if ((!url && !isPath) || publicUrl.includes('?') || publicUrl.includes('#')) {
      throw new ConfigError(
        `CDN_PUBLIC_URL: "${publicUrl}" is not where browsers can load the published versions from; give an http(s) address (e.g. https://cdn.example.com/remotes) or a path on this server.`,
      );
    }
  } else if (e.CDN_S3_BUCKET !== undefined) {
    throw new ConfigError(
      "CDN_PUBLIC_URL is required with CDN_S3_BUCKET: the address browsers load the bucket's files from (its CDN or website address, e.g. https://cdn.example.com), under which <remote>/<version>/ is found.",
    );
  }
  return {
    cdnBucket: e.CDN_S3_BUCKET ? { bucket: e.CDN_S3_BUCKET, endpoint: e.CDN_S3_ENDPOINT, region: e.CDN_S3_REGION } : undefined,
    cdnPublicUrl: (publicUrl ?? CDN_PATH).replace(/\/+$/, ''),
  };
}

export function defaultMfRemotes(): Record<string, string> {
  return Object.fromEntries(REMOTE_NAMES.map((name) => [name, `/remotes/${name}/mf-manifest.json`]));
}

const mfRemotesSchema = z.record(z.string().regex(/^[A-Za-z_][\w-]*$/, 'remote names are identifiers'), z.string().trim().min(1));

/**
 * MF_REMOTES is either inline JSON or the path of a JSON file. Its entries replace the
 * defaults of the same name, so pointing one remote at a CDN leaves the others alone.
 */
export function parseMfRemotes(raw: string | undefined, cwd: string): Record<string, string> {
  const defaults = defaultMfRemotes();
  if (!raw) return defaults;
  let text = raw;
  if (!raw.startsWith('{')) {
    const file = path.resolve(cwd, raw);
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      throw new ConfigError(`MF_REMOTES: cannot read the file ${file}; give inline JSON or the path of a JSON file.`);
    }
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ConfigError('MF_REMOTES: not valid JSON; expected an object such as {"crm":"https://cdn.example.com/crm/mf-manifest.json"}.');
  }
  const result = mfRemotesSchema.safeParse(parsed);
  if (!result.success) {
    throw new ConfigError('MF_REMOTES: expected a JSON object of remote name to manifest URL (strings).');
  }
  return { ...defaults, ...result.data };
}

/** None, the number of proxies in front of the server, or the proxies' addresses and subnets. */
export type TrustProxy = false | { hops: number } | { proxies: string[] };

/** Names proxy-addr (Fastify's trustProxy) gives to whole ranges of addresses. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

// The IPv4-mapped IPv6 range (::ffff:0:0/96): proxy-addr judges an IPv4 client by it, and a mapped
// subnet as the IPv4 subnet it maps (::ffff:10.0.0.0/104 is 10.0.0.0/8).
const IPV4_MAPPED = new net.BlockList();
IPV4_MAPPED.addSubnet('::ffff:0:0', 96, 'ipv6');
/** The widest subnet a proxy may have: wider would believe the forwarded address of most of the internet. */
const WIDEST_IPV4 = 8;
// fc00::/7, the unique-local range.
const WIDEST_IPV6 = 7;

const widerThanAProxy = `no proxy's subnet is that wide, and trusting it would believe the forwarded address of most of the internet (so any client could pick its own). Give the proxies' own addresses or subnets (IPv4 at most /${WIDEST_IPV4}, IPv4-mapped IPv6 at most /${96 + WIDEST_IPV4}, IPv6 at most /${WIDEST_IPV6}).`;

/** Why an entry of TRUST_PROXY is no proxy's address or subnet; null when it is one. */
function proxyEntryProblem(entry: string): string | null {
  const notAProxy = `"${entry}" is not a proxy address; give a hop count (e.g. 1) or comma-separated addresses or subnets (e.g. 10.0.0.2,10.1.0.0/16, loopback).`;
  if (PROXY_RANGE_NAMES.has(entry)) return null;
  const [address, prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (!family || rest.length > 0) return notAProxy;
  if (prefix === undefined) return null;
  // An IPv4 netmask, as proxy-addr also accepts: anything wider than 255.0.0.0 starts otherwise.
  if (family === 4 && net.isIPv4(prefix)) return prefix.startsWith('255.') ? null : `"${entry}" is wider than a /${WIDEST_IPV4}: ${widerThanAProxy}`;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
  if (!(bits >= 0 && bits <= (family === 4 ? 32 : 128))) return notAProxy;
  if (family === 4) return bits >= WIDEST_IPV4 ? null : `"${entry}" is wider than a /${WIDEST_IPV4}: ${widerThanAProxy}`;
  const subnet = new net.BlockList();
  subnet.addSubnet(address, bits, 'ipv6');
  if (bits <= 96 && subnet.check('::ffff:0:0', 'ipv6')) {
    return `"${entry}" holds every IPv4 address (as IPv4-mapped IPv6 addresses, ::ffff:0:0/96): ${widerThanAProxy}`;
  }
  if (IPV4_MAPPED.check(address, 'ipv6') && bits - 96 < WIDEST_IPV4) {
    return `"${entry}" is the IPv4 subnet /${bits - 96} written as IPv6, wider than a /${WIDEST_IPV4}: ${widerThanAProxy}`;
  }
  return bits >= WIDEST_IPV6 ? null : `"${entry}" is wider than a /${WIDEST_IPV6}: ${widerThanAProxy}`;
}

/**
 * TRUST_PROXY: a hop count or the proxies' addresses. `true` would believe every address in
 * X-Forwarded-For, so a client could choose its own and step around every per-address limit.
 */
export function parseTrustProxy(raw: string | undefined): AppConfig['trustProxy'] {
  if (!raw || raw === 'false') return false;
  if (raw === 'true') {
    throw new ConfigError(
      'TRUST_PROXY=true is refused: it believes every address a client writes into X-Forwarded-For, so any client could pick its own address, get past the per-address limits and forge the audit log. Give the number of proxies in front of the server (e.g. TRUST_PROXY=1) or their addresses or subnets (e.g. TRUST_PROXY=10.0.0.2,10.1.0.0/16).',
    );
  }
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > 100) throw new ConfigError(`TRUST_PROXY: ${raw} proxies is not a plausible hop count (at most 100).`);
    // The number of proxies in front of the server: the address is taken that many hops from the end.
    return hops === 0 ? false : { hops };
  }
  const entries = raw.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const problem = proxyEntryProblem(entry);
    if (problem) throw new ConfigError(`TRUST_PROXY: ${problem}`);
  }
  return { proxies: entries };
}

/**
 * Fastify's trustProxy for the setting. A bare number there trusts no proxy at all (Fastify 5 fails
 * closed on hop counts), so a hop count is given as proxy-addr's trust function: the first `hops`
 * addresses from the socket inward are proxies, the next one is the client.
 */
export function fastifyTrustProxy(setting: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (!setting) return false;
  if ('proxies' in setting) return setting.proxies;
  const { hops } = setting;
  return (_address, hop) => hop < hops;
}

// A host name (letters, digits, hyphens, dots), an IPv4 address or an IPv6 address (bracketed or not).
const HOST_NAME = /^[a-z0-9](?:[a-z0-9-]{0,62})(?:\.[a-z0-9](?:[a-z0-9-]{0,62}))*$/;
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]']);

/** A host name as it appears in a Host header: lower case, no trailing dot, IPv6 in brackets. */
export function hostKey(host: string): string {
  const name = host.trim().toLowerCase().replace(/\.$/, '');
  const bare = name.startsWith('[') && name.endsWith(']') ? name.slice(1, -1) : name;
  return net.isIPv6(bare) ? `[${bare}]` : name;
}

/** The addresses a server listening on every interface answers on, besides localhost. */
function interfaceHosts(): string[] {
  const addresses = Object.values(os.networkInterfaces())
    .flat()
    .flatMap((info) => (info && !info.address.includes('%') ? [info.address] : []));
  return [os.hostname(), ...addresses];
}

/**
 * ALLOWED_HOSTS, or by default the names the server listens on: HOST when it is one address,
 * else the machine's name and addresses, and localhost always. The first is where a link goes
 * when a request names another host.
 */
export function parseAllowedHosts(raw: string | undefined, listenHost: string): string[] {
  const given = raw
    ? raw
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean)
    : null;
  if (given) {
    const bad = given.find((entry) => {
      const key = hostKey(entry);
      return !HOST_NAME.test(key) && !(key.startsWith('[') && net.isIPv6(key.slice(1, -1)));
    });
    if (bad !== undefined || given.length === 0) {
      throw new ConfigError(
        `ALLOWED_HOSTS: "${bad ?? raw}" is not a host name; give comma-separated host names without scheme or port (e.g. crm.example.com,localhost).`,
      );
    }
  }
  const listening = WILDCARD_HOSTS.has(listenHost) ? ['localhost', '127.0.0.1', '[::1]', ...interfaceHosts()] : [listenHost, 'localhost', '127.0.0.1', '[::1]'];
  return [...new Set((given ?? listening).map(hostKey))];
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): AppConfig {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new ConfigError(`${issue.path.join('.')}: ${issue.message}`);
  }
  const e = result.data;
  const isProduction = e.NODE_ENV === 'production';
  if (isProduction && !e.PUBLIC_URL) {
    throw new ConfigError(
      "PUBLIC_URL is required when NODE_ENV=production: set it to the app's public origin (e.g. https://crm.example.com), which the links sent to clients point to.",
    );
  }
  if (e.DATABASE_READ_URL && !e.DATABASE_URL) {
    throw new ConfigError('DATABASE_READ_URL names a replica of DATABASE_URL, which is not set: set DATABASE_URL too, or leave DATABASE_READ_URL out.');
  }
  if (e.DATABASE_READ_APP_URL && !e.DATABASE_READ_URL) {
    throw new ConfigError("DATABASE_READ_APP_URL is the app's login on the replica DATABASE_READ_URL names, which is not set.");
  }
  if (e.PASSWORD_HASH_COST === 'test' && e.NODE_ENV !== 'test') {
    throw new ConfigError('PASSWORD_HASH_COST=test makes passwords cheap to guess: it is accepted with NODE_ENV=test only.');
  }
  const publicOrigin = e.PUBLIC_URL?.replace(/\/+$/, '');
  const allowedHosts = parseAllowedHosts(e.ALLOWED_HOSTS, e.HOST);
  let mailHosts: MailHostRule;
  try {
    mailHosts = parseMailHostsAllowed(e.MAIL_HOSTS_ALLOWED);
  } catch (error) {
    throw new ConfigError(error instanceof Error ? error.message : String(error));
  }
  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    passwordHashCost: e.PASSWORD_HASH_COST,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR ? path.resolve(cwd, e.DATA_DIR) : path.resolve(repoRoot, 'data'),
    databaseUrl: e.DATABASE_URL,
    databaseAppUrl: e.DATABASE_URL ? e.DATABASE_APP_URL : undefined,
    databaseReadUrl: e.DATABASE_READ_URL,
    databaseReadAppUrl: e.DATABASE_READ_APP_URL,
    embeddedDatabasePort: e.EMBEDDED_DATABASE_PORT,
    authSecret: e.AUTH_SECRET,
    emailSecretKey: e.EMAIL_SECRET_KEY,
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'Orbitra <no-reply@localhost>',
    mailHosts,
    publicUrl: publicOrigin ?? `http://${allowedHosts[0]}:${e.PORT}`,
    publicOrigin,
    allowedHosts,
    mfRemotes: parseMfRemotes(e.MF_REMOTES, cwd),
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    bulkBodyLimitBytes: e.BULK_BODY_LIMIT_BYTES,
    loginLimitPerIpPerMinute: e.LOGIN_LIMIT_PER_IP_PER_MINUTE,
    contactLimitPerIpPer10Minutes: e.CONTACT_LIMIT_PER_IP_PER_10_MINUTES,
    quotationSendLimitPerQuotationPer10Minutes: e.QUOTATION_SEND_LIMIT_PER_QUOTATION_PER_10_MINUTES,
    quotationSendLimitPerUserPerHour: e.QUOTATION_SEND_LIMIT_PER_USER_PER_HOUR,
    pdfLimitPerUserPerMinute: e.PDF_LIMIT_PER_USER_PER_MINUTE,
    exportsAtOnce: { perUser: e.EXPORTS_AT_ONCE_PER_USER, perTenant: e.EXPORTS_AT_ONCE_PER_TENANT },
    pdfWorkers: e.PDF_WORKERS,
    sessionCacheTtlMs: e.SESSION_CACHE_TTL_MS,
    logLevel: e.LOG_LEVEL,
    shellDist: e.SHELL_DIST ? path.resolve(cwd, e.SHELL_DIST) : path.join(repoRoot, 'shell', 'dist'),
    remotesDir: e.REMOTES_DIR ? path.resolve(cwd, e.REMOTES_DIR) : path.join(repoRoot, 'remotes'),
    cdnDir: e.CDN_DIR ? path.resolve(cwd, e.CDN_DIR) : path.join(repoRoot, 'cdn'),
    ...parseCdnSettings(e),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
  };
}

/** The rate limits the server runs with: the defaults, with the maxima the environment sets (each in its default's window). */
export function configuredRateLimits(config: AppConfig): RateLimitSettings {
  const withMax = (limit: Limit, max: number): Limit => ({ ...limit, max });
  const limits = DEFAULT_RATE_LIMITS;
  return {
    ...limits,
    loginPerIp: withMax(limits.loginPerIp, config.loginLimitPerIpPerMinute),
    contactPerIp: withMax(limits.contactPerIp, config.contactLimitPerIpPer10Minutes),
    quotationSendPerQuotation: withMax(limits.quotationSendPerQuotation, config.quotationSendLimitPerQuotationPer10Minutes),
    quotationSendPerUser: withMax(limits.quotationSendPerUser, config.quotationSendLimitPerUserPerHour),
    quotationPdfPerUser: withMax(limits.quotationPdfPerUser, config.pdfLimitPerUserPerMinute),
  };
}

import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_NAMES } from '@app/shared/federation/remote-names';
import { z } from 'zod';
import { repoRoot } from './server-paths';

/** A setting the server cannot start with; server.ts prints the message and exits. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

export const DEFAULT_BODY_LIMIT_BYTES = 10 * 1024 * 1024;
/** POST /crm/prospects/bulk alone: 50,000 rows of JSON need more than the default. */
export const DEFAULT_BULK_BODY_LIMIT_BYTES = 64 * 1024 * 1024;

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
  AUTH_SECRET: optionalText,
  EMAIL_SECRET_KEY: optionalText,
  ADMIN_EMAIL: optionalText,
  ADMIN_PASSWORD: z
    .string()
    .optional()
    .transform((value) => value || undefined),
  SMTP_URL: optionalText,
  MAIL_FROM: optionalText,
  PUBLIC_URL: optionalText.pipe(z.url().optional()),
  MF_REMOTES: optionalText,
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(DEFAULT_BODY_LIMIT_BYTES),
  BULK_BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(DEFAULT_BULK_BODY_LIMIT_BYTES),
  LOGIN_LIMIT_PER_IP_PER_MINUTE: z.coerce.number().int().positive().max(100_000).default(20),
  CONTACT_LIMIT_PER_IP_PER_10_MINUTES: z.coerce.number().int().positive().max(100_000).default(5),
  PDF_LIMIT_PER_USER_PER_MINUTE: z.coerce.number().int().positive().max(100_000).default(30),
  PDF_WORKERS: z.coerce.number().int().positive().max(64).optional(),
  SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SHELL_DIST: optionalText,
  REMOTES_DIR: optionalText,
  CDN_DIR: optionalText,
  TRUST_PROXY: optionalText,
});

export interface AppConfig {
  nodeEnv: string;
  isProduction: boolean;
  port: number;
  host: string;
  /** Folder of the embedded database and the generated auth secret. */
  dataDir: string;
  /** Set: PostgreSQL through node-postgres; unset: embedded PGlite in dataDir. */
  databaseUrl: string | undefined;
  /** The app's own login for its pooled connections (a member of orbitra_app); unset: DATABASE_URL's user switched to that role. */
  databaseAppUrl: string | undefined;
  authSecret: string | undefined;
  /** Base64 AES-256 key of the stored mailbox passwords (modules/email-accounts/email-key.ts). */
  emailSecretKey: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Origin the reset links point at, without a trailing slash. */
  publicUrl: string;
  /** PUBLIC_URL as set (required in production); unset: quotation links use the address staff reach the server at. */
  publicOrigin: string | undefined;
  /** Remote name to the address of its mf-manifest.json, as served at /mf-remotes.json. */
  mfRemotes: Record<string, string>;
  bodyLimitBytes: number;
  /** Body limit of the bulk prospect upload only. */
  bulkBodyLimitBytes: number;
  /** Login attempts one client address may make per minute. */
  loginLimitPerIpPerMinute: number;
  /** Contact-form sends one client address may make per 10 minutes. */
  contactLimitPerIpPer10Minutes: number;
  pdfLimitPerUserPerMinute: number;
  /** Worker threads drawing quotation PDFs; undefined: one fewer than the cores, at least one. */
  pdfWorkers: number | undefined;
  /** How long a verified session is reused without a database lookup; 0 turns the cache off. */
  sessionCacheTtlMs: number;
  logLevel: string;
  shellDist: string;
  remotesDir: string;
  /** Published remote versions (<remote>/<version>/) and the manifest naming the live one, served at /cdn/. */
  cdnDir: string;
  /** Passed to Fastify's trustProxy: only behind a proxy that sets X-Forwarded-For. */
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
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

function parseTrustProxy(raw: string | undefined): AppConfig['trustProxy'] {
  if (!raw || raw === 'false' || raw === '0') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) {
    // A hop count: trust that many proxies in front of the server.
    const hops = Number(raw);
    return (_address, hop) => hop < hops;
  }
  // Addresses or subnets of trusted proxies, comma-separated, as Fastify accepts them.
  return raw;
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
  const publicOrigin = e.PUBLIC_URL?.replace(/\/+$/, '');
  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR ? path.resolve(cwd, e.DATA_DIR) : path.resolve(repoRoot, 'data'),
    databaseUrl: e.DATABASE_URL,
    databaseAppUrl: e.DATABASE_URL ? e.DATABASE_APP_URL : undefined,
    authSecret: e.AUTH_SECRET,
    emailSecretKey: e.EMAIL_SECRET_KEY,
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'Orbitra <no-reply@localhost>',
    publicUrl: publicOrigin ?? `http://localhost:${e.PORT}`,
    publicOrigin,
    mfRemotes: parseMfRemotes(e.MF_REMOTES, cwd),
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    bulkBodyLimitBytes: e.BULK_BODY_LIMIT_BYTES,
    loginLimitPerIpPerMinute: e.LOGIN_LIMIT_PER_IP_PER_MINUTE,
    contactLimitPerIpPer10Minutes: e.CONTACT_LIMIT_PER_IP_PER_10_MINUTES,
    pdfLimitPerUserPerMinute: e.PDF_LIMIT_PER_USER_PER_MINUTE,
    pdfWorkers: e.PDF_WORKERS,
    sessionCacheTtlMs: e.SESSION_CACHE_TTL_MS,
    logLevel: e.LOG_LEVEL,
    shellDist: e.SHELL_DIST ? path.resolve(cwd, e.SHELL_DIST) : path.join(repoRoot, 'shell', 'dist'),
    remotesDir: e.REMOTES_DIR ? path.resolve(cwd, e.REMOTES_DIR) : path.join(repoRoot, 'remotes'),
    cdnDir: e.CDN_DIR ? path.resolve(cwd, e.CDN_DIR) : path.join(repoRoot, 'cdn'),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
  };
}

import type { ConnectionCheck, MailSecurity } from '@app/shared/contracts';
import { ImapFlow } from 'imapflow';
import net from 'node:net';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { allowedByRule, MailHostError, resolveMailHost, type Lookup, type MailHostRule } from '../lib/mail-hosts';

/** One server of a mailbox, as stored. */
export interface MailServer {
  host: string;
  port: number;
  security: MailSecurity;
}

/** What connecting to a user's mailbox takes: its address, login, password and servers. */
export interface MailboxLogin {
  address: string;
  /** The login name; the address when null. */
  loginName: string | null;
  password: string;
  imap: MailServer;
  smtp: MailServer;
}

export type MailServerFailure = 'auth' | 'not_found' | 'not_allowed' | 'refused' | 'timeout' | 'tls' | 'unencrypted' | 'other';

/** A server that could not be used, and why, in words a user understands. */
export class MailServerError extends Error {
  constructor(
    readonly reason: MailServerFailure,
    message: string,
  ) {
    super(message);
    this.name = 'MailServerError';
  }
}

export interface MailConnectOptions {
  rule: MailHostRule;
  /** Tests give names their own answers; default: the system's resolver. */
  lookup?: Lookup;
  /** How long a connection may take to open and to answer (ms). */
  timeoutMs?: number;
}

/** Bounds on what a server may send in one answer: a broken or hostile server cannot fill the memory. */
export const IMAP_MAX_LITERAL = 32 * 1024 * 1024;

const TLS_CODES = new Set(['ETLS', 'EPROTO', 'ECONNRESET_TLS', 'ERR_SSL_WRONG_VERSION_NUMBER', 'ERR_SSL_PACKET_LENGTH_TOO_LONG', 'EREQUIRETLS']);

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

/** A failure of one server, told in words a user understands (never a stack, never the password). */
export function describeMailError(error: unknown, server: MailServer): MailServerError {
  if (error instanceof MailServerError) return error;
  if (error instanceof MailHostError) return new MailServerError(error.reason, error.message);
  const where = `${server.host}:${server.port}`;
  const code = codeOf(error);
  const text = error instanceof Error ? error.message : String(error);
  const responseCode = (error as { responseCode?: unknown } | null)?.responseCode;
  if ((error as { authenticationFailed?: unknown } | null)?.authenticationFailed === true || code === 'EAUTH' || responseCode === 535) {
    return new MailServerError(
      'auth',
      'The server refused the user name or password. Check them; many providers need an app password rather than the account password.',
    );
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EDNS') {
    return new MailServerError('not_found', `The server name ${server.host} was not found. Check its spelling.`);
  }
  if (code === 'ECONNREFUSED') return new MailServerError('refused', `${where} refused the connection. Check the port, and that the server is running.`);
  if (code === 'ETIMEDOUT' || code === 'CONNECT_TIMEOUT' || code === 'GREETING_TIMEOUT' || /timed? ?out/i.test(text)) {
    return new MailServerError('timeout', `${where} did not answer in time. Check the server name and port.`);
  }
  if (/certificate|self[- ]signed|altnames|CERT_/i.test(text) || code.startsWith('CERT_') || code.includes('CERT')) {
    return new MailServerError('tls', `TLS was refused: the certificate of ${where} is not valid for ${server.host}.`);
  }
  if (TLS_CODES.has(code) || code.startsWith('ERR_SSL') || /ssl|tls|starttls/i.test(text)) {
    const hint =
      server.security === 'tls'
        ? 'Check the port and the security: TLS is usually port 993 for IMAP and 465 for SMTP; port 587 uses STARTTLS.'
        : 'The server does not offer STARTTLS on this port: check the port and the security.';
    return new MailServerError('tls', `TLS was refused by ${where}. ${hint}`);
  }
  if (code === 'ECONNRESET' || code === 'ECONNECTION' || code === 'ESOCKET' || code === 'EPIPE' || code === 'NoConnection' || code === 'EConnectionClosed') {
    return new MailServerError('refused', `${where} closed the connection. Check the port and the security.`);
  }
  return new MailServerError('other', `${where} could not be used: ${text.replace(/\s+/g, ' ').slice(0, 200)}`);
}

/** The checked address to connect to; an unencrypted connection only to a server the administrator allowed. */
async function target(options: MailConnectOptions, server: MailServer) {
  const resolved = await resolveMailHost(options.rule, server.host, options.lookup);
  if (server.security === 'none' && !options.rule.names.has(resolved.name) && !allowedByRule(options.rule, resolved.address)) {
    throw new MailServerError('unencrypted', 'A connection without encryption would send the password in clear: choose TLS or STARTTLS.');
  }
  return resolved;
}

/** An IMAP connection to the checked address, logged in; the caller logs out. */
export async function openImap(options: MailConnectOptions, login: MailboxLogin): Promise<ImapFlow> {
  const server = login.imap;
  try {
    const { name, address } = await target(options, server);
    const client = new ImapFlow({
      host: address,
      port: server.port,
      secure: server.security === 'tls',
      // TLS checks the certificate against the name typed (an address typed as such has no name to check).
      ...(net.isIP(name) ? {} : { servername: name }),
      doSTARTTLS: server.security === 'starttls' ? true : server.security === 'none' ? false : undefined,
      auth: { user: login.loginName ?? login.address, pass: login.password },
      logger: false,
      disableAutoIdle: true,
      connectionTimeout: options.timeoutMs ?? 15_000,
      greetingTimeout: options.timeoutMs ?? 15_000,
      socketTimeout: 60_000,
      maxLiteralSize: IMAP_MAX_LITERAL,
      maxResponseSize: IMAP_MAX_LITERAL + 1024 * 1024,
    });
    // A connection dropped after use is reported by the call that used it, not as an unhandled event.
    client.on('error', () => {});
    try {
      await client.connect();
    } catch (error) {
      // A refused login or greeting leaves nothing open behind it.
      client.close();
      throw error;
    }
    return client;
  } catch (error) {
    throw describeMailError(error, server);
  }
}

/** An SMTP transport to the checked address, authenticating as the mailbox. */
export async function smtpTransport(options: MailConnectOptions, login: MailboxLogin): Promise<Transporter<SMTPTransport.SentMessageInfo>> {
  const server = login.smtp;
  try {
    const { name, address } = await target(options, server);
    const settings: SMTPTransport.Options & { servername?: string } = {
      host: address,
      port: server.port,
      secure: server.security === 'tls',
      requireTLS: server.security === 'starttls',
      ignoreTLS: server.security === 'none',
      ...(net.isIP(name) ? {} : { servername: name }),
      name: 'orbitra',
      auth: { user: login.loginName ?? login.address, pass: login.password },
      connectionTimeout: options.timeoutMs ?? 15_000,
      greetingTimeout: options.timeoutMs ?? 15_000,
      socketTimeout: 30_000,
      logger: false,
    };
    return nodemailer.createTransport(settings);
  } catch (error) {
    throw describeMailError(error, server);
  }
}

async function tryImap(options: MailConnectOptions, login: MailboxLogin): Promise<void> {
  const client = await openImap(options, login);
  await client.logout().catch(() => undefined);
}

async function trySmtp(options: MailConnectOptions, login: MailboxLogin): Promise<void> {
  const transport = await smtpTransport(options, login);
  try {
    await transport.verify();
  } catch (error) {
    throw describeMailError(error, login.smtp);
  } finally {
    transport.close();
  }
}

async function settle(work: () => Promise<void>, server: MailServer): Promise<{ ok: boolean; message: string; reason?: MailServerFailure }> {
  try {
    await work();
    return { ok: true, message: `Connected to ${server.host}:${server.port}.` };
  } catch (error) {
    const failure = describeMailError(error, server);
    return { ok: false, message: failure.message, reason: failure.reason };
  }
}

/** Tries both servers of a mailbox with its password: what each answered, in a user's words. */
export async function checkMailbox(options: MailConnectOptions, login: MailboxLogin): Promise<ConnectionCheck & { authFailed: boolean }> {
  const [imap, smtp] = await Promise.all([settle(() => tryImap(options, login), login.imap), settle(() => trySmtp(options, login), login.smtp)]);
  return {
    ok: imap.ok && smtp.ok,
    imap: { ok: imap.ok, message: imap.message },
    smtp: { ok: smtp.ok, message: smtp.message },
    authFailed: imap.reason === 'auth' || smtp.reason === 'auth',
  };
}

import crypto from 'node:crypto';
import {
  EMAIL_PROVIDERS,
  type AuditAction,
  type CheckEmailAccount,
  type ConnectionCheck,
  type CreateEmailAccount,
  type EmailAccount,
  type EmailProvider,
  type MailSecurity,
  type UpdateEmailAccount,
} from '@app/shared/contracts';
import { isUniqueViolation } from '../../http/errors';
import { badRequest, conflict, notFound } from '../../lib/refusal';
import { checkMailbox, type MailboxLogin, type MailConnectOptions } from '../../mail/mailbox-connection';
import type { ScopedDb } from '../../tenancy/database';
import { userScopeOf } from '../../tenancy/scope';
import { serversOf, type StoredServers } from './servers';
import { type AuditActor, auditRepository } from '../audit';
import type { EmailKey } from './email-key';
import { decryptPassword, encryptPassword, UnreadablePasswordError } from './password-cipher';
import { emailAccountsRepository, type EmailAccountRow } from './repository';

export const EMAIL_ACCOUNT_NOT_FOUND_DETAIL = 'Email account not found.';
export const EMAIL_ACCOUNT_DUPLICATE_DETAIL = 'You already have an email account with this address.';
export const EMAIL_PASSWORD_UNREADABLE_DETAIL =
  'The stored password of this email account cannot be decrypted (it was encrypted with another key or changed outside the app). Edit the account and enter its password again.';
export const WEB_INTERFACE_UNAVAILABLE_DETAIL = `provider: no web interface is known for this provider; the providers with one are ${EMAIL_PROVIDERS.filter((p) => p !== 'other').join(', ')}.`;

/** What a failed check says, part by part, when a save that asked for it is refused. */
export function checkFailureDetail(check: ConnectionCheck): string {
  const parts = [check.imap.ok ? null : `Incoming mail (IMAP): ${check.imap.message}`, check.smtp.ok ? null : `Outgoing mail (SMTP): ${check.smtp.message}`];
  return `The mailbox was not saved. ${parts.filter(Boolean).join(' ')}`;
}

/** Web mail of each provider, always https. */
export const WEB_INTERFACE_URLS: Record<Exclude<EmailProvider, 'other'>, string> = {
  zoho: 'https://mail.zoho.com',
  gmail: 'https://mail.google.com',
  outlook: 'https://outlook.live.com/mail',
  yahoo: 'https://mail.yahoo.com',
};

export const PASSWORD_REVEALED_ACTION = 'email_account.password_revealed' satisfies AuditAction;
const TARGET_TYPE = 'email_account';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function toDto(row: EmailAccountRow, lastRevealedAt: Date | undefined): EmailAccount {
  return {
    id: row.id,
    email_address: row.emailAddress,
    provider: row.provider,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
    last_revealed_at: lastRevealedAt ? lastRevealedAt.toISOString() : null,
    imap_host: row.imapHost,
    imap_port: row.imapPort,
    imap_security: row.imapSecurity as MailSecurity | null,
    smtp_host: row.smtpHost,
    smtp_port: row.smtpPort,
    smtp_security: row.smtpSecurity as MailSecurity | null,
    save_sent: row.saveSent,
    login_name: row.loginName,
    connection: row.authFailedAt ? 'password_failed' : row.connectedAt ? 'connected' : 'not_connected',
    connected_at: iso(row.connectedAt),
    auth_failed_at: iso(row.authFailedAt),
    fetched_at: iso(row.fetchedAt),
    fetch_error: row.fetchError,
  };
}

function hasWebInterface(provider: string): provider is keyof typeof WEB_INTERFACE_URLS {
  return Object.hasOwn(WEB_INTERFACE_URLS, provider);
}

/** A mailbox's login as stored: its servers, or none for an account kept as credentials only. */
export function loginOf(row: Pick<EmailAccountRow, 'emailAddress' | 'loginName'> & StoredServers, password: string): MailboxLogin | null {
  if (!row.imapHost || !row.imapPort || !row.imapSecurity || !row.smtpHost || !row.smtpPort || !row.smtpSecurity) return null;
  return {
    address: row.emailAddress,
    loginName: row.loginName,
    password,
    imap: { host: row.imapHost, port: row.imapPort, security: row.imapSecurity as MailSecurity },
    smtp: { host: row.smtpHost, port: row.smtpPort, security: row.smtpSecurity as MailSecurity },
  };
}

/** Whether a save changes what the servers are asked with: the connection must then be checked again. */
function changesLogin(row: EmailAccountRow, next: StoredServers & { emailAddress: string; loginName: string | null }, passwordTyped: boolean): boolean {
  return (
    passwordTyped ||
    row.emailAddress !== next.emailAddress ||
    row.loginName !== next.loginName ||
    row.imapHost !== next.imapHost ||
    row.imapPort !== next.imapPort ||
    row.imapSecurity !== next.imapSecurity ||
    row.smtpHost !== next.smtpHost ||
    row.smtpPort !== next.smtpPort ||
    row.smtpSecurity !== next.smtpSecurity
  );
}

export interface EmailAccountsServiceOptions {
  /** Which mail servers may be reached (MAIL_HOSTS_ALLOWED). */
  mail: MailConnectOptions;
}

/** When the caller last revealed each of these accounts' passwords (none: absent). */
function lastReveals(db: ScopedDb, ids: string[]): Promise<Map<string, Date>> {
  return auditRepository(db).lastByActor(userScopeOf(db.scope).userId, PASSWORD_REVEALED_ACTION, TARGET_TYPE, ids);
}

/**
 * The caller's own mailbox accounts: each call on the caller's database (request.db), whose scope's
 * user owns them. Built with the key that seals their passwords and the servers it may reach.
 */
export function emailAccountsService(key: EmailKey, options: EmailAccountsServiceOptions) {
  function owned(db: ScopedDb, id: string): Promise<EmailAccountRow> {
    return emailAccountsRepository(db).visible(id, EMAIL_ACCOUNT_NOT_FOUND_DETAIL);
  }

  async function withLastReveal(db: ScopedDb, row: EmailAccountRow): Promise<EmailAccount> {
    const last = await lastReveals(db, [row.id]);
    return toDto(row, last.get(row.id));
  }

  /** The trail names the mailbox by its address, never its password. */
  function mailboxAudit(db: ScopedDb, actor: AuditActor, action: AuditAction, row: EmailAccountRow, details: Record<string, unknown> = {}) {
    return auditRepository(db).record(actor, {
      action,
      targetType: TARGET_TYPE,
      targetId: row.id,
      targetName: row.emailAddress,
      details: { email_address: row.emailAddress, provider: row.provider, ...details },
    });
  }

  function storedPassword(row: EmailAccountRow): string {
    try {
      return decryptPassword(key, row.id, row.passwordCiphertext);
    } catch (error) {
      if (error instanceof UnreadablePasswordError) throw conflict(EMAIL_PASSWORD_UNREADABLE_DETAIL);
      throw error;
    }
  }

  /** Tries both servers of what is about to be saved; a failure refuses the save with what failed. */
  async function checkedBeforeSave(login: MailboxLogin | null): Promise<Date> {
    if (!login) throw badRequest('The mailbox has no servers to check: choose a provider or enter its servers.');
    const check = await checkMailbox(options.mail, login);
    if (!check.ok) throw badRequest(checkFailureDetail(check));
    return new Date();
  }

  async function uniqueAddress<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error, 'email_accounts_user_address_unique')) throw conflict(EMAIL_ACCOUNT_DUPLICATE_DETAIL);
      throw error;
    }
  }

  return {
    async list(db: ScopedDb): Promise<EmailAccount[]> {
      const rows = await emailAccountsRepository(db).list();
      const last = await lastReveals(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => toDto(row, last.get(row.id)));
    },

    /** With `check_connection`, both servers are tried first and a failure saves nothing. */
    async create(db: ScopedDb, input: CreateEmailAccount, actor: AuditActor): Promise<EmailAccount> {
      const id = crypto.randomUUID();
      const servers = serversOf(input);
      const loginName = input.login_name || null;
      const connectedAt = input.check_connection
        ? await checkedBeforeSave(loginOf({ emailAddress: input.email_address, loginName, ...servers }, input.password))
        : null;
      const row = await uniqueAddress(() =>
        emailAccountsRepository(db).insert(id, {
          emailAddress: input.email_address,
          provider: input.provider,
          passwordCiphertext: encryptPassword(key, id, input.password),
          ...servers,
          loginName,
          connectedAt,
        }),
      );
      await mailboxAudit(db, actor, 'email_account.created', row, { connected: Boolean(connectedAt) });
      return toDto(row, undefined);
    },

    /**
     * An empty or missing password keeps the stored one. A change of address, login, servers or
     * password makes the mailbox unconnected until checked (`check_connection` does it here, with
     * the stored password when none is typed); a changed incoming server is read from the start.
     */
    async update(db: ScopedDb, id: string, input: UpdateEmailAccount, actor: AuditActor): Promise<EmailAccount> {
      const before = await owned(db, id);
      const servers = serversOf(input);
      const loginName = input.login_name || null;
      const next = { emailAddress: input.email_address, loginName, ...servers };
      const loginChanged = changesLogin(before, next, Boolean(input.password));
      const connection = input.check_connection
        ? {
            connectedAt: await checkedBeforeSave(loginOf(next, input.password || storedPassword(before))),
            authFailedAt: null,
            authFailureToldAt: null,
            fetchError: null,
          }
        : loginChanged
          ? { connectedAt: null, authFailedAt: null, authFailureToldAt: null, fetchError: null }
          : {};
      const row = await uniqueAddress(() =>
        db.transaction(async (tx) => {
          const accounts = emailAccountsRepository(tx);
          const saved = await accounts.update(id, {
            emailAddress: input.email_address,
            provider: input.provider,
            ...servers,
            loginName,
            ...connection,
            ...(input.password ? { passwordCiphertext: encryptPassword(key, id, input.password) } : {}),
          });
          const imapMoved =
            before.emailAddress !== next.emailAddress ||
            before.loginName !== loginName ||
            before.imapHost !== servers.imapHost ||
            before.imapPort !== servers.imapPort;
          if (saved && imapMoved) await accounts.forgetFolders(id);
          return saved;
        }),
      );
      if (!row) throw notFound(EMAIL_ACCOUNT_NOT_FOUND_DETAIL);
      await mailboxAudit(db, actor, 'email_account.updated', row, {
        password_changed: Boolean(input.password),
        ...('connectedAt' in connection ? { connected: Boolean(connection.connectedAt) } : {}),
      });
      return withLastReveal(db, row);
    },

    /**
     * Tries both servers with the form's values, saving nothing: a typed password, else the stored
     * one of the caller's account `account_id`. Audited with what each server answered.
     */
    async check(db: ScopedDb, input: CheckEmailAccount, actor: AuditActor): Promise<ConnectionCheck> {
      const account = input.account_id ? await owned(db, input.account_id) : null;
      const password = input.password || (account ? storedPassword(account) : '');
      const login = loginOf({ emailAddress: input.email_address, loginName: input.login_name || null, ...serversOf(input) }, password);
      if (!login) throw badRequest('The mailbox has no servers to check: choose a provider or enter its servers.');
      const { authFailed: _authFailed, ...check } = await checkMailbox(options.mail, login);
      await auditRepository(db).record(actor, {
        action: 'email_account.checked',
        targetType: TARGET_TYPE,
        targetId: account?.id ?? input.email_address,
        targetName: input.email_address,
        details: { email_address: input.email_address, imap: check.imap, smtp: check.smtp },
      });
      return check;
    },

    async remove(db: ScopedDb, id: string, actor: AuditActor): Promise<void> {
      const row = await owned(db, id);
      if (!(await emailAccountsRepository(db).delete(id))) throw notFound(EMAIL_ACCOUNT_NOT_FOUND_DETAIL);
      await mailboxAudit(db, actor, 'email_account.deleted', row);
    },

    /** The password in clear, for its owner only; every reveal is written to the audit trail. */
    async revealPassword(db: ScopedDb, id: string, actor: AuditActor): Promise<string> {
      const row = await owned(db, id);
      const password = storedPassword(row);
      await auditRepository(db).record(actor, {
        action: PASSWORD_REVEALED_ACTION,
        targetType: TARGET_TYPE,
        targetId: row.id,
        targetName: row.emailAddress,
        details: { email_address: row.emailAddress },
      });
      return password;
    },

    async webInterfaceUrl(db: ScopedDb, id: string): Promise<string> {
      const row = await owned(db, id);
      if (!hasWebInterface(row.provider)) throw badRequest(WEB_INTERFACE_UNAVAILABLE_DETAIL);
      return WEB_INTERFACE_URLS[row.provider];
    },
  };
}

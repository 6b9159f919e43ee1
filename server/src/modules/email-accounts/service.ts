import crypto from 'node:crypto';
import {
  EMAIL_PROVIDERS,
  type AuditAction,
  type CreateEmailAccount,
  type EmailAccount,
  type EmailProvider,
  type UpdateEmailAccount,
} from '@app/shared/contracts';
import type { Db } from '../../db/client';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../http/errors';
import { type AuditActor, auditRepository } from '../audit';
import type { EmailKey } from './email-key';
import { decryptPassword, encryptPassword, UnreadablePasswordError } from './password-cipher';
import { emailAccountsRepository, type EmailAccountRow } from './repository';

export const EMAIL_ACCOUNT_NOT_FOUND_DETAIL = 'Email account not found.';
export const EMAIL_ACCOUNT_DUPLICATE_DETAIL = 'You already have an email account with this address.';
export const EMAIL_PASSWORD_UNREADABLE_DETAIL =
  'The stored password of this email account cannot be decrypted (it was encrypted with another key or changed outside the app). Edit the account and enter its password again.';
export const WEB_INTERFACE_UNAVAILABLE_DETAIL = `provider: no web interface is known for this provider; allowed providers are ${EMAIL_PROVIDERS.join(', ')}.`;

/** Web mail of each provider, always https. */
export const WEB_INTERFACE_URLS: Record<EmailProvider, string> = {
  zoho: 'https://mail.zoho.com',
  gmail: 'https://mail.google.com',
  outlook: 'https://outlook.live.com/mail',
  yahoo: 'https://mail.yahoo.com',
};

export const PASSWORD_REVEALED_ACTION = 'email_account.password_revealed' satisfies AuditAction;
const TARGET_TYPE = 'email_account';

function toDto(row: EmailAccountRow, lastRevealedAt: Date | undefined): EmailAccount {
  return {
    id: row.id,
    email_address: row.emailAddress,
    provider: row.provider,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
    last_revealed_at: lastRevealedAt ? lastRevealedAt.toISOString() : null,
  };
}

function isKnownProvider(provider: string): provider is EmailProvider {
  return (EMAIL_PROVIDERS as readonly string[]).includes(provider);
}

export function emailAccountsService(db: Db, key: EmailKey) {
  const repo = emailAccountsRepository(db);
  const audit = auditRepository(db);

  async function owned(ownerId: string, id: string): Promise<EmailAccountRow> {
    const row = await repo.find(ownerId, id);
    if (!row) throw notFound(EMAIL_ACCOUNT_NOT_FOUND_DETAIL);
    return row;
  }

  async function withLastReveal(ownerId: string, row: EmailAccountRow): Promise<EmailAccount> {
    const last = await audit.lastByActor(ownerId, PASSWORD_REVEALED_ACTION, TARGET_TYPE, [row.id]);
    return toDto(row, last.get(row.id));
  }

  /** The trail names the mailbox by its address, never its password. */
  function mailboxAudit(actor: AuditActor, action: AuditAction, row: EmailAccountRow, details: Record<string, unknown> = {}) {
    return audit.record(actor, {
      action,
      targetType: TARGET_TYPE,
      targetId: row.id,
      targetName: row.emailAddress,
      details: { email_address: row.emailAddress, provider: row.provider, ...details },
    });
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
    async list(ownerId: string): Promise<EmailAccount[]> {
      const rows = await repo.list(ownerId);
      const last = await audit.lastByActor(
        ownerId,
        PASSWORD_REVEALED_ACTION,
        TARGET_TYPE,
        rows.map((row) => row.id),
      );
      return rows.map((row) => toDto(row, last.get(row.id)));
    },

    async create(ownerId: string, input: CreateEmailAccount, actor: AuditActor): Promise<EmailAccount> {
      const id = crypto.randomUUID();
      const row = await uniqueAddress(() =>
        repo.insert(ownerId, id, {
          emailAddress: input.email_address,
          provider: input.provider,
          passwordCiphertext: encryptPassword(key, id, input.password),
        }),
      );
      await mailboxAudit(actor, 'email_account.created', row);
      return toDto(row, undefined);
    },

    /** An empty or missing password keeps the stored one. */
    async update(ownerId: string, id: string, input: UpdateEmailAccount, actor: AuditActor): Promise<EmailAccount> {
      await owned(ownerId, id);
      const row = await uniqueAddress(() =>
        repo.update(ownerId, id, {
          emailAddress: input.email_address,
          provider: input.provider,
          ...(input.password ? { passwordCiphertext: encryptPassword(key, id, input.password) } : {}),
        }),
      );
      if (!row) throw notFound(EMAIL_ACCOUNT_NOT_FOUND_DETAIL);
      await mailboxAudit(actor, 'email_account.updated', row, { password_changed: Boolean(input.password) });
      return withLastReveal(ownerId, row);
    },

    async remove(ownerId: string, id: string, actor: AuditActor): Promise<void> {
      const row = await owned(ownerId, id);
      if (!(await repo.delete(ownerId, id))) throw notFound(EMAIL_ACCOUNT_NOT_FOUND_DETAIL);
      await mailboxAudit(actor, 'email_account.deleted', row);
    },

    /** The password in clear, for its owner only; every reveal is written to the audit trail. */
    async revealPassword(ownerId: string, id: string, actor: AuditActor): Promise<string> {
      const row = await owned(ownerId, id);
      let password: string;
      try {
        password = decryptPassword(key, row.id, row.passwordCiphertext);
      } catch (error) {
        if (error instanceof UnreadablePasswordError) throw conflict(EMAIL_PASSWORD_UNREADABLE_DETAIL);
        throw error;
      }
      await audit.record(actor, {
        action: PASSWORD_REVEALED_ACTION,
        targetType: TARGET_TYPE,
        targetId: row.id,
        targetName: row.emailAddress,
        details: { email_address: row.emailAddress },
      });
      return password;
    },

    async webInterfaceUrl(ownerId: string, id: string): Promise<string> {
      const row = await owned(ownerId, id);
      if (!isKnownProvider(row.provider)) throw badRequest(WEB_INTERFACE_UNAVAILABLE_DETAIL);
      return WEB_INTERFACE_URLS[row.provider];
    },
  };
}

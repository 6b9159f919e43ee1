import { and, eq } from 'drizzle-orm';
import { emailAccounts, recordMails } from '../../db/schema';
import { describeMailError, smtpTransport, type MailConnectOptions } from '../../mail/mailbox-connection';
import type { Mailer, RecordMailDelivery } from '../../mail/mailer';
import type { Database, ScopedDb } from '../../tenancy/database';
import { decryptPassword, type EmailKey, loginOf } from '../email-accounts';
import { markPasswordFailed } from './mailbox-state';

export interface MailboxDeliveryOptions {
  database: Database;
  key: EmailKey;
  mail: MailConnectOptions;
}

/** A refusal the outbox records in the user's words; a 5xx answer (or a refused password) is not tried again. */
class MailboxRefusal extends Error {
  constructor(
    message: string,
    readonly responseCode?: number,
  ) {
    super(message);
    this.name = 'MailboxRefusal';
  }
}

/**
 * Sends a mail written on a record through the SMTP server of the mailbox it was written from,
 * exactly as built then (its bytes, its Message-ID). Runs in the outbox's delivery, for no user: `db`
 * is the system's. A refusal throws, and the outbox decides when to try again.
 */
async function deliverRecordMail(db: ScopedDb, { key, mail: connect }: MailboxDeliveryOptions, delivery: RecordMailDelivery): Promise<void> {
  const [row] = await db
    .select({ original: recordMails.original, to: recordMails.toAddresses, account: emailAccounts })
    .from(recordMails)
    .leftJoin(emailAccounts, eq(emailAccounts.id, recordMails.accountId))
    .where(and(eq(recordMails.tenantId, delivery.tenantId), eq(recordMails.id, delivery.mailId)))
    .limit(1);
  if (!row) throw new MailboxRefusal('The mail was deleted with its record before it could be sent.', 550);
  const account = row.account;
  if (!account) throw new MailboxRefusal('The mailbox it was written from was deleted before it could be sent.', 550);
  if (!row.original) throw new MailboxRefusal('The mail has no content to send.', 550);
  if (account.authFailedAt) throw new MailboxRefusal('The password of the mailbox stopped working: enter it again on the Email page, then Resend.', 535);
  let password: string;
  try {
    password = decryptPassword(key, account.id, account.passwordCiphertext);
  } catch {
    throw new MailboxRefusal('The stored password of the mailbox cannot be read: enter it again on the Email page.', 535);
  }
  const login = loginOf(account, password);
  if (!login) throw new MailboxRefusal('The mailbox has no outgoing server.', 550);
  const transport = await smtpTransport(connect, login).catch((error: unknown) => {
    throw new MailboxRefusal(error instanceof Error ? error.message : String(error));
  });
  try {
    await transport.sendMail({ envelope: { from: account.emailAddress, to: row.to.map((to) => to.address) }, raw: row.original });
  } catch (error) {
    const described = describeMailError(error, login.smtp);
    if (described.reason === 'auth') {
      await markPasswordFailed(db, account.id);
      throw new MailboxRefusal('The mailbox server refused the password: enter it again on the Email page, then Resend.', 535);
    }
    const code = (error as { responseCode?: unknown }).responseCode;
    const answer = (error as { response?: unknown }).response;
    throw new MailboxRefusal(typeof answer === 'string' && answer ? answer.slice(0, 1000) : described.message, typeof code === 'number' ? code : undefined);
  } finally {
    transport.close();
  }
}

/**
 * The server's mailer, with mail written on records going out through their users' mailboxes;
 * every other mail through the server's own (SMTP_URL).
 */
export function withMailboxDelivery(base: Mailer, options: MailboxDeliveryOptions): Mailer {
  const db = options.database.asSystem('record mail delivery');
  return {
    configured: base.configured,
    deliver: (mail) => (mail.kind === 'record_mail' ? deliverRecordMail(db, options, mail) : base.deliver(mail)),
  };
}

import crypto from 'node:crypto';
import type { MailComposeOptions, RecordMail, RecordMailList, SendRecordMail } from '@app/shared/contracts';
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { emailAccounts, users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/refusal';
import { outboxRepository } from '../../mail/outbox-repository';
import type { ScopedDb } from '../../tenancy/database';
import { type AuditActor, recordAudit } from '../audit';
import type { NotedRecordKind } from '../notes';
import { composeMail, newMessageId } from './compose';
import { mailRecordsRepository, recordMailsRepository } from './repository';

export const MAIL_NOT_FOUND_DETAIL = 'Mail not found.';
export const MAILBOX_NOT_FOUND_DETAIL = 'account_id: not one of your mailboxes.';
export const MAILBOX_NOT_CONNECTED_DETAIL = 'account_id: this mailbox is not connected. Check its connection on the Email page first.';
export const MAILBOX_PASSWORD_FAILED_DETAIL = 'account_id: the password of this mailbox stopped working. Enter it again on the Email page.';
export const ORIGINAL_NOT_KEPT_DETAIL = 'The original of this mail was too large to keep.';

/** How the user signs: full name, else email. */
async function senderOf(db: ScopedDb, userId: string): Promise<{ name: string; email: string }> {
  const [row] = await db.select({ fullName: users.fullName, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return { name: row?.fullName || row?.email || '', email: row?.email ?? '' };
}

/**
 * Mail on a record the caller sees (a hidden record, or another tenant's, is not found), written
 * from the caller's own mailboxes: each call on the caller's database (request.db).
 */
export const recordMailsService = {
  async list(db: ScopedDb, kind: NotedRecordKind, id: string): Promise<RecordMailList> {
    const record = await mailRecordsRepository(db).visible(kind, id);
    return { threads: await recordMailsRepository(db).threads(record.tenantId, kind, id) };
  },

  /** What the composer offers: the record's addresses and the user's mailboxes that can send. */
  async composeOptions(db: ScopedDb, kind: NotedRecordKind, id: string): Promise<MailComposeOptions> {
    const record = await mailRecordsRepository(db).visible(kind, id);
    const mailboxes = await db
      .select({ id: emailAccounts.id, email_address: emailAccounts.emailAddress })
      .from(emailAccounts)
      .where(and(eq(emailAccounts.userId, db.scope.userId!), isNotNull(emailAccounts.connectedAt), isNull(emailAccounts.authFailedAt)))
      .orderBy(asc(emailAccounts.createdAt));
    return { addresses: record.addresses, mailboxes };
  },

  /**
   * Writes a mail to the record's addresses from one of the user's connected mailboxes: built
   * once (its Message-ID, date and bytes), put in the outbox, on the record and in the audit trail
   * in one transaction. The outbox sends it through the mailbox's SMTP server, trying again as
   * for every mail, and the fetch puts it in the mailbox's Sent folder.
   */
  async send(db: ScopedDb, kind: NotedRecordKind, id: string, input: SendRecordMail, actor: AuditActor): Promise<RecordMail> {
    const userId = db.scope.userId!;
    const repo = recordMailsRepository(db);
    const record = await mailRecordsRepository(db).visible(kind, id);
    const [account] = await db
      .select()
      .from(emailAccounts)
      .where(and(eq(emailAccounts.userId, userId), eq(emailAccounts.id, input.account_id)))
      .limit(1);
    if (!account) throw notFound(MAILBOX_NOT_FOUND_DETAIL);
    if (account.authFailedAt) throw conflict(MAILBOX_PASSWORD_FAILED_DETAIL);
    if (!account.connectedAt) throw conflict(MAILBOX_NOT_CONNECTED_DETAIL);
    const strangers = input.to.filter((address) => !record.addresses.includes(address));
    if (record.addresses.length === 0) throw badRequest(`to: this ${kind} has no email address. Add one to its details first.`);
    if (strangers.length) throw badRequest(`to: ${strangers.join(', ')} is not an address of this ${kind} (${record.addresses.join(', ')}).`);

    const answered = input.in_reply_to ? await repo.answered(record.tenantId, kind, id, input.in_reply_to) : null;
    if (input.in_reply_to && !answered) throw notFound(`in_reply_to: ${MAIL_NOT_FOUND_DETAIL}`);

    const sender = await senderOf(db, userId);
    const messageId = newMessageId(account.emailAddress);
    const sentAt = new Date();
    const references = answered ? [...new Set([answered.threadKey, answered.messageId])] : [];
    const raw = await composeMail(
      {
        from: { name: sender.name, address: account.emailAddress },
        to: input.to,
        subject: input.subject,
        text: input.body,
        inReplyTo: answered?.messageId ?? null,
        references,
        date: sentAt,
      },
      messageId,
    );
    const mailId = crypto.randomUUID();
    const recipients = input.to.map((address) => ({ address, name: '' }));

    await db.transaction(async (tx) => {
      const queued = await outboxRepository(tx).enqueue({
        tenantId: record.tenantId,
        mail: { kind: 'record_mail', to: input.to.join(', '), tenantId: record.tenantId, mailId },
        configured: true,
      });
      await recordMailsRepository(tx).insert([
        {
          tenantId: record.tenantId,
          id: mailId,
          prospectId: kind === 'prospect' ? id : record.prospectId,
          leadId: kind === 'lead' ? id : record.leadId,
          accountId: account.id,
          userId,
          direction: 'sent',
          messageId,
          inReplyTo: answered?.messageId ?? null,
          threadKey: answered?.threadKey ?? messageId,
          fromAddress: account.emailAddress,
          fromName: sender.name,
          toAddresses: recipients,
          subject: input.subject,
          body: input.body,
          original: raw,
          originalSize: raw.length,
          outboxId: queued!.id,
          // A provider that files sent mail itself needs no copy from us.
          savedToSentAt: account.saveSent ? null : sentAt,
          sentAt,
        },
      ]);
      await recordAudit(tx, actor, {
        tenantId: record.tenantId,
        action: 'record_mail.sent',
        targetType: kind,
        targetId: id,
        targetName: record.name,
        details: { mail_id: mailId, from: account.emailAddress, to: input.to, subject: input.subject, template_id: input.template_id ?? null },
      });
    });
    return (await repo.one(record.tenantId, kind, id, mailId))!;
  },

  /** The mail as it came or went, for download (never shown in the app). */
  async original(db: ScopedDb, kind: NotedRecordKind, id: string, mailId: string): Promise<{ bytes: Buffer; fileName: string }> {
    const record = await mailRecordsRepository(db).visible(kind, id);
    const row = await recordMailsRepository(db).original(record.tenantId, kind, id, mailId);
    if (!row) throw notFound(MAIL_NOT_FOUND_DETAIL);
    if (!row.original) throw notFound(ORIGINAL_NOT_KEPT_DETAIL);
    return { bytes: row.original, fileName: `mail-${row.sentAt.toISOString().slice(0, 10)}-${mailId.slice(0, 8)}.eml` };
  },
};

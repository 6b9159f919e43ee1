import type { FastifyBaseLogger } from 'fastify';
import type { ImapFlow } from 'imapflow';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/raw-sql';
import { emailAccounts, mailboxFolders, mailOutbox, recordMails } from '../../db/schema';
import { MailServerError, openImap, type MailConnectOptions } from '../../mail/mailbox-connection';
import type { Database } from '../../tenancy/database';
import { userScope, type ScopeUser } from '../../tenancy/scope';
import { ACTIVE_STAFF_USER, SCOPE_USER_COLUMNS } from '../../tenancy/scope-user-sql';
import { decryptPassword, type EmailAccountRow, type EmailKey, loginOf } from '../email-accounts';
import { notify } from '../notifications';
import { markPasswordFailed } from './mailbox-state';
import { MAIL_ORIGINAL_KEPT, parseMail } from './parse';
import { mailRecordsRepository, recordMailsRepository, type AddressedRecord, type RecordMailInsert } from './repository';

/** A first read of a folder (a new connection, a new UIDVALIDITY) goes this far back. */
export const FIRST_FETCH_DAYS = 30;
/** Messages one fetch looks at per folder at most; the next fetch goes on from there. */
export const FETCH_BATCH = 300;
/** How long a fetch holds its mailbox; a worker that died lets go of it after this. */
const FETCH_LEASE = sql`interval '5 minutes'`;
/** A mailbox is fetched again once this long has passed since its last fetch ended. */
const FETCH_EVERY = sql`interval '45 seconds'`;

/** Names a server may give its Sent folder when it marks none as \Sent. */
const SENT_NAMES = ['sent', 'sent items', 'sent messages', 'sent mail', '[gmail]/sent mail', 'inbox.sent', 'inbox/sent'];

export interface MailboxFetchOptions {
  key: EmailKey;
  mail: MailConnectOptions;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

type ClaimedAccount = EmailAccountRow;

interface Envelope {
  uid: number;
  size: number;
  addresses: string[];
}

const lower = (address: string | undefined) => (address ?? '').trim().toLowerCase();

/**
 * Fetches the new mail of every connected mailbox (INBOX and Sent, incrementally by UID) and files
 * each message to or from an address of a prospect or lead on that record, as the mailbox's user
 * sees records. Each step is the database's decision (which mailbox is due, held by whom, how far
 * each folder was read), so any worker may run it, any number of times, on any instance: the job
 * queue's minute (graphile-worker's cron on PostgreSQL) or a timer. It works as the system (every
 * user's mailbox), and finds each mailbox's records as its user sees them, through that user's handle.
 */
export function mailboxFetch(database: Database, options: MailboxFetchOptions) {
  const db = database.asSystem('mailbox fetch');
  const claim = async (accountId?: string): Promise<ClaimedAccount | undefined> => {
    const due = accountId ? sql`a.id = ${accountId}` : sql`(a.fetched_at is null or a.fetched_at < now() - ${FETCH_EVERY})`;
    const result = await db.execute(sql`
      update email_accounts set fetch_locked_until = now() + ${FETCH_LEASE}
      where id = (
        select a.id from email_accounts a join users u on u.id = a.user_id
        where a.connected_at is not null and a.auth_failed_at is null and a.is_active
          and (a.fetch_locked_until is null or a.fetch_locked_until < now()) and ${due} and ${ACTIVE_STAFF_USER}
        order by a.fetched_at nulls first limit 1 for update of a skip locked)
      returning id`);
    const [row] = rowsOf<{ id: string }>(result);
    if (!row) return undefined;
    const [account] = await db.select().from(emailAccounts).where(eq(emailAccounts.id, row.id)).limit(1);
    return account;
  };

  const release = (accountId: string, error: string | null) =>
    db.update(emailAccounts).set({ fetchLockedUntil: null, fetchedAt: new Date(), fetchError: error }).where(eq(emailAccounts.id, accountId));

  async function ownerOf(userId: string): Promise<ScopeUser | undefined> {
    const result = await db.execute(sql`select ${SCOPE_USER_COLUMNS} from users u where u.id = ${userId}`);
    return rowsOf<ScopeUser>(result)[0];
  }

  /** Mail sent from the app that the mailbox's Sent folder does not have yet. */
  async function saveSentCopies(client: ImapFlow, account: ClaimedAccount, sentPath: string): Promise<void> {
    const pending = await db
      .select({ tenantId: recordMails.tenantId, id: recordMails.id, original: recordMails.original, sentAt: recordMails.sentAt })
      .from(recordMails)
      .innerJoin(mailOutbox, and(eq(mailOutbox.tenantId, recordMails.tenantId), eq(mailOutbox.id, recordMails.outboxId)))
      .where(and(eq(recordMails.accountId, account.id), eq(recordMails.direction, 'sent'), isNull(recordMails.savedToSentAt), eq(mailOutbox.status, 'sent')))
      .limit(50);
    for (const mail of pending) {
      if (mail.original) await client.append(sentPath, mail.original, ['\\Seen'], mail.sentAt);
      await db
        .update(recordMails)
        .set({ savedToSentAt: new Date() })
        .where(and(eq(recordMails.tenantId, mail.tenantId), eq(recordMails.id, mail.id)));
    }
  }

  async function sentFolder(client: ImapFlow): Promise<string | null> {
    const folders = await client.list();
    const marked = folders.find((folder) => folder.specialUse === '\\Sent');
    if (marked) return marked.path;
    return folders.find((folder) => SENT_NAMES.includes(folder.path.toLowerCase()))?.path ?? null;
  }

  /** Files one message on the records it concerns (and tells their owners of a reply), and moves the folder's mark past it, in one transaction. */
  async function fileMessage(
    client: ImapFlow,
    account: ClaimedAccount,
    role: 'inbox' | 'sent',
    envelope: Envelope,
    records: AddressedRecord[],
    tellOwners: boolean,
  ): Promise<void> {
    const tooLarge = envelope.size > MAIL_ORIGINAL_KEPT;
    const fetched = await client.fetchOne(
      String(envelope.uid),
      { uid: true, source: tooLarge ? { start: 0, maxLength: 2 * 1024 * 1024 } : true },
      { uid: true },
    );
    if (!fetched || !fetched.source) return;
    const parsed = await parseMail(fetched.source);
    const own = account.emailAddress;
    const direction = role === 'sent' || parsed.from.address === own ? 'sent' : 'received';
    await db.transaction(async (tx) => {
      const repo = recordMailsRepository(tx);
      const rows: RecordMailInsert[] = [];
      for (const record of records) {
        rows.push({
          tenantId: record.tenantId,
          prospectId: record.prospectId,
          leadId: record.leadId,
          accountId: account.id,
          userId: account.userId,
          direction,
          messageId: parsed.messageId,
          inReplyTo: parsed.inReplyTo,
          threadKey: await repo.threadKeyOf(record.tenantId, [...(parsed.inReplyTo ? [parsed.inReplyTo] : []), ...parsed.references], parsed.messageId),
          fromAddress: parsed.from.address,
          fromName: parsed.from.name,
          toAddresses: parsed.to,
          ccAddresses: parsed.cc,
          subject: parsed.subject,
          body: tooLarge ? `${parsed.body}\n\n[This mail is larger than the app keeps; only its beginning is shown.]` : parsed.body,
          bodyTruncated: parsed.bodyTruncated || tooLarge,
          attachments: parsed.attachments,
          original: tooLarge ? null : fetched.source,
          originalSize: envelope.size,
          sentAt: parsed.date && parsed.date.getTime() <= Date.now() ? parsed.date : new Date(),
        });
      }
      const added = await repo.insert(rows);
      if (tellOwners && direction === 'received') {
        const sender = parsed.from.name || parsed.from.address;
        for (const mail of added) {
          const record = records.find((r) => r.tenantId === mail.tenantId && r.prospectId === mail.prospectId && r.leadId === mail.leadId);
          if (!record?.ownerId) continue;
          const link = record.leadId ? `/crm/leads/${record.leadId}` : `/crm/prospects/${record.prospectId}`;
          await notify(tx, null, [
            {
              tenantId: mail.tenantId,
              userId: record.ownerId,
              kind: 'mail_received',
              onceKey: `mail:${mail.id}`,
              text: `${parsed.inReplyTo ? 'Reply' : 'Mail'} from ${sender} on ${record.name}: ${parsed.subject || '(no subject)'}`,
              link,
              ...(record.leadId ? { leadId: record.leadId } : { prospectId: record.prospectId }),
            },
          ]);
        }
      }
      await tx
        .update(mailboxFolders)
        .set({ lastUid: envelope.uid, updatedAt: new Date() })
        .where(and(eq(mailboxFolders.accountId, account.id), eq(mailboxFolders.role, role), sql`${mailboxFolders.lastUid} < ${envelope.uid}`));
    });
  }

  /** Reads a folder from where the last fetch stopped (a first read: its last FIRST_FETCH_DAYS days). */
  async function fetchFolder(client: ImapFlow, account: ClaimedAccount, owner: ScopeUser, role: 'inbox' | 'sent', path: string): Promise<void> {
    const lock = await client.getMailboxLock(path, { readOnly: true });
    try {
      const box = client.mailbox;
      if (!box) return;
      const [state] = await db
        .select()
        .from(mailboxFolders)
        .where(and(eq(mailboxFolders.accountId, account.id), eq(mailboxFolders.role, role)))
        .limit(1);
      const firstRead = !state || state.uidValidity !== box.uidValidity || state.path !== path;
      if (firstRead) {
        await db
          .insert(mailboxFolders)
          .values({ accountId: account.id, role, path, uidValidity: box.uidValidity, lastUid: 0 })
          .onConflictDoUpdate({
            target: [mailboxFolders.accountId, mailboxFolders.role],
            set: { path, uidValidity: box.uidValidity, lastUid: 0, updatedAt: new Date() },
          });
      }
      const lastUid = firstRead ? 0 : state.lastUid;
      if (box.exists === 0) return;
      const found = firstRead
        ? await client.search({ since: new Date(Date.now() - FIRST_FETCH_DAYS * 86_400_000) }, { uid: true })
        : await client.search({ uid: `${lastUid + 1}:*` }, { uid: true });
      const uids = (found || [])
        .filter((uid) => uid > lastUid)
        .sort((a, b) => a - b)
        .slice(0, FETCH_BATCH);
      if (uids.length === 0) return;
      // The envelopes first (the whole answer is read before any other command is sent on the connection).
      const envelopes: Envelope[] = [];
      for await (const message of client.fetch(uids.join(','), { uid: true, envelope: true, size: true }, { uid: true })) {
        const e = message.envelope;
        const addresses = [...(e?.from ?? []), ...(e?.to ?? []), ...(e?.cc ?? []), ...(e?.bcc ?? []), ...(e?.replyTo ?? [])]
          .map((address) => lower(address.address))
          .filter((address) => address && address !== account.emailAddress);
        envelopes.push({ uid: message.uid, size: message.size ?? 0, addresses: [...new Set(addresses)] });
      }
      envelopes.sort((a, b) => a.uid - b.uid);
      const ownersRecords = mailRecordsRepository(database.as(userScope(owner)));
      for (const envelope of envelopes) {
        const records = await ownersRecords.addressed(envelope.addresses);
        if (records.length) await fileMessage(client, account, role, envelope, records, !firstRead);
      }
      // Messages of nobody's records: the mark moves past them all at once.
      const last = uids[uids.length - 1];
      await db
        .update(mailboxFolders)
        .set({ lastUid: last, updatedAt: new Date() })
        .where(and(eq(mailboxFolders.accountId, account.id), eq(mailboxFolders.role, role), sql`${mailboxFolders.lastUid} < ${last}`));
    } finally {
      lock.release();
    }
  }

  async function fetchAccount(account: ClaimedAccount): Promise<void> {
    let problem: string | null = null;
    try {
      const owner = await ownerOf(account.userId);
      if (!owner) return;
      let password: string;
      try {
        password = decryptPassword(options.key, account.id, account.passwordCiphertext);
      } catch {
        problem = 'The stored password of this mailbox cannot be read: enter it again.';
        return;
      }
      const login = loginOf(account, password);
      if (!login) return;
      let client: ImapFlow;
      try {
        client = await openImap(options.mail, login);
      } catch (error) {
        if (error instanceof MailServerError && error.reason === 'auth') {
          await markPasswordFailed(db, account.id);
          problem = error.message;
          return;
        }
        problem = error instanceof Error ? error.message : String(error);
        return;
      }
      try {
        const sent = await sentFolder(client);
        if (sent) await saveSentCopies(client, account, sent);
        await fetchFolder(client, account, owner, 'inbox', 'INBOX');
        if (sent) await fetchFolder(client, account, owner, 'sent', sent);
      } catch (error) {
        problem = `The fetch stopped: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500);
        options.log.warn({ account: account.id, err: problem }, 'mailbox fetch failed');
      } finally {
        await client.logout().catch(() => client.close());
      }
    } finally {
      await release(account.id, problem);
    }
  }

  return {
    /** Fetches every mailbox that is due, one after another; answers how many were fetched. */
    async run(): Promise<number> {
      let count = 0;
      for (let account = await claim(); account; account = await claim()) {
        await fetchAccount(account);
        count += 1;
      }
      return count;
    },

    /** Fetches one mailbox now, due or not (unless another worker holds it); false when it was not fetched. */
    async fetchNow(accountId: string): Promise<boolean> {
      const account = await claim(accountId);
      if (!account) return false;
      await fetchAccount(account);
      return true;
    },
  };
}

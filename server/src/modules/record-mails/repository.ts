import type { MailThread, RecordMail } from '@app/shared/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isoSql, rowsOf } from '../../db/raw-sql';
import { recordMails } from '../../db/schema';
import { notFound } from '../../lib/refusal';
import type { ScopedDbOrTx } from '../../tenancy/database';
import { andOwnerFilter, andTenantFilter } from '../../tenancy/scope';
import type { NotedRecordKind } from '../notes';

export const RECORD_NOT_FOUND_DETAIL: Record<NotedRecordKind, string> = { prospect: 'Prospect not found.', lead: 'Lead not found.' };

/** The conversations a record page shows at most (their mails all). */
export const MAIL_THREADS_LIMIT = 100;

export type RecordMailInsert = typeof recordMails.$inferInsert;

/** What a record is to its mail: its tenant, name, owner, contact (Manager) and addresses. */
export interface MailRecord {
  tenantId: string;
  name: string;
  ownerId: string | null;
  manager: string | null;
  prospectId: string | null;
  leadId: string | null;
  /** Its addresses in lower case: its own, and a lead's prospect's (or a prospect's lead's). */
  addresses: string[];
}

/** A record an address belongs to, as the fetch files mail: the prospect, its lead, or both. */
export interface AddressedRecord {
  tenantId: string;
  prospectId: string | null;
  leadId: string | null;
  ownerId: string | null;
  name: string;
  address: string;
}

/** Who a mail's sender is shown as: the name, else the address. */
const MAIL_JSON = (alias: string) => `json_build_object(
  'id', ${alias}.id, 'direction', ${alias}.direction, 'thread_key', ${alias}.thread_key, 'subject', ${alias}.subject,
  'from', json_build_object('address', ${alias}.from_address, 'name', ${alias}.from_name),
  'to', ${alias}.to_addresses, 'cc', ${alias}.cc_addresses, 'body', ${alias}.body, 'body_truncated', ${alias}.body_truncated,
  'attachments', ${alias}.attachments, 'sent_at', ${isoSql(`${alias}.sent_at`)},
  'user_name', coalesce(nullif(u.full_name, ''), u.email),
  'delivery', case when o.id is null then null else json_build_object(
    'status', case when o.status = 'sent' then 'sent' when o.status = 'queued' then 'queued' else 'failed' end,
    'attempts', o.attempts, 'error', o.last_error, 'sent_at', ${isoSql('o.sent_at')}) end,
  'original_size', case when ${alias}.original is null then 0 else ${alias}.original_size end)`;

/** The mail kept on records: its rows, by tenant and record (the caller has checked the record: mailRecordsRepository). */
export function recordMailsRepository(db: DbOrTx) {
  return {
    /** The conversation a new mail joins: that of a mail of the tenant it answers or references, else its own. */
    async threadKeyOf(tenantId: string, references: string[], own: string): Promise<string> {
      if (references.length === 0) return own;
      const result = await db.execute(sql`select thread_key from record_mails
        where tenant_id = ${tenantId} and message_id = any(${sql.param(references)}::text[]) order by sent_at limit 1`);
      return rowsOf<{ thread_key: string }>(result)[0]?.thread_key ?? references[0];
    },

    /** Adds the mail on each record it is for; a record that has the message already keeps it (the ids of those added). */
    async insert(rows: RecordMailInsert[]): Promise<Array<{ id: string; tenantId: string; prospectId: string | null; leadId: string | null }>> {
      if (rows.length === 0) return [];
      return db
        .insert(recordMails)
        .values(rows)
        .onConflictDoNothing()
        .returning({ id: recordMails.id, tenantId: recordMails.tenantId, prospectId: recordMails.prospectId, leadId: recordMails.leadId });
    },

    /** A record's conversations, newest first, each with its mails oldest first. */
    async threads(tenantId: string, kind: NotedRecordKind, recordId: string): Promise<MailThread[]> {
      const column = kind === 'prospect' ? 'prospect_id' : 'lead_id';
      const result = await db.execute(sql`
        select coalesce(json_agg(t order by t.last desc), '[]')::text as threads from (
          select m.thread_key as key, (array_agg(m.subject order by m.sent_at, m.id))[1] as subject,
            ${sql.raw(isoSql('max(m.sent_at)'))} as last_at, max(m.sent_at) as last,
            json_agg(${sql.raw(MAIL_JSON('m'))} order by m.sent_at, m.id) as mails
          from record_mails m
          left join users u on u.id = m.user_id
          left join mail_outbox o on o.tenant_id = m.tenant_id and o.id = m.outbox_id
          where m.tenant_id = ${tenantId} and m.${sql.raw(column)} = ${recordId}
          group by m.thread_key
          order by max(m.sent_at) desc
          limit ${MAIL_THREADS_LIMIT}) t`);
      const threads = JSON.parse(rowsOf<{ threads: string }>(result)[0].threads) as Array<MailThread & { last?: string }>;
      return threads.map(({ last: _last, ...thread }) => thread);
    },

    /** One mail of the record, as listed. */
    async one(tenantId: string, kind: NotedRecordKind, recordId: string, mailId: string): Promise<RecordMail | undefined> {
      const column = kind === 'prospect' ? 'prospect_id' : 'lead_id';
      const result = await db.execute(sql`
        select ${sql.raw(MAIL_JSON('m'))}::text as mail
        from record_mails m left join users u on u.id = m.user_id left join mail_outbox o on o.tenant_id = m.tenant_id and o.id = m.outbox_id
        where m.tenant_id = ${tenantId} and m.${sql.raw(column)} = ${recordId} and m.id = ${mailId}`);
      const [row] = rowsOf<{ mail: string }>(result);
      return row ? (JSON.parse(row.mail) as RecordMail) : undefined;
    },

    /** What answering a mail of the record needs: its Message-ID, conversation and references. */
    async answered(tenantId: string, kind: NotedRecordKind, recordId: string, mailId: string) {
      const [row] = await db
        .select({ messageId: recordMails.messageId, threadKey: recordMails.threadKey, subject: recordMails.subject, original: recordMails.original })
        .from(recordMails)
        .where(
          and(eq(recordMails.tenantId, tenantId), eq(kind === 'prospect' ? recordMails.prospectId : recordMails.leadId, recordId), eq(recordMails.id, mailId)),
        )
        .limit(1);
      return row;
    },

    /** The original of a mail of the record, for download. */
    async original(tenantId: string, kind: NotedRecordKind, recordId: string, mailId: string) {
      const [row] = await db
        .select({ original: recordMails.original, subject: recordMails.subject, sentAt: recordMails.sentAt })
        .from(recordMails)
        .where(
          and(eq(recordMails.tenantId, tenantId), eq(kind === 'prospect' ? recordMails.prospectId : recordMails.leadId, recordId), eq(recordMails.id, mailId)),
        )
        .limit(1);
      return row;
    },

    /** A prospect's mail goes with it to the lead made from it (in the conversion's transaction). */
    async carryOver(tenantId: string, prospectId: string, leadId: string): Promise<void> {
      await db
        .update(recordMails)
        .set({ leadId })
        .where(and(eq(recordMails.tenantId, tenantId), eq(recordMails.prospectId, prospectId), isNull(recordMails.leadId)));
    },
  };
}

/**
 * The prospects and leads a mail is on, as the caller's database sees them (its scope: the tenants
 * it works in, the owners whose records it sees).
 */
export function mailRecordsRepository(db: ScopedDbOrTx) {
  /** The record when the caller sees it, with what its mail needs. */
  async function record(kind: NotedRecordKind, id: string): Promise<MailRecord | undefined> {
    const scope = db.scope;
    const result =
      kind === 'prospect'
        ? await db.execute(sql`
            select p.tenant_id as "tenantId", p.name, p.owner_id as "ownerId", p.manager, p.id as "prospectId", l.id as "leadId",
              array_remove(array[lower(nullif(p.email, '')), lower(nullif(l.email, ''))], null) as addresses
            from prospects p
            left join lateral (select l.id, l.email from leads l where l.tenant_id = p.tenant_id and l.prospect_id = p.id
              ${andOwnerFilter(sql.raw('l.owner_id'), scope)} limit 1) l on true
            where p.id = ${id} ${andTenantFilter(sql.raw('p.tenant_id'), scope)} ${andOwnerFilter(sql.raw('p.owner_id'), scope)}`)
        : await db.execute(sql`
            select l.tenant_id as "tenantId", l.name, l.owner_id as "ownerId", l.manager, l.prospect_id as "prospectId", l.id as "leadId",
              array_remove(array[lower(nullif(l.email, '')), lower(nullif(p.email, ''))], null) as addresses
            from leads l
            left join prospects p on p.tenant_id = l.tenant_id and p.id = l.prospect_id
            where l.id = ${id} ${andTenantFilter(sql.raw('l.tenant_id'), scope)} ${andOwnerFilter(sql.raw('l.owner_id'), scope)}`);
    const [row] = rowsOf<MailRecord>(result);
    return row ? { ...row, addresses: [...new Set(row.addresses)] } : undefined;
  }

  return {
    /** The record when the caller sees it; any other (hidden, another tenant's, none) answers not-found. */
    async visible(kind: NotedRecordKind, id: string): Promise<MailRecord> {
      const found = await record(kind, id);
      if (!found) throw notFound(RECORD_NOT_FOUND_DETAIL[kind]);
      return found;
    },

    /**
     * The records whose address is one of these that the caller sees, in the tenants it works in: a
     * prospect with its lead, a lead with its prospect, so each company is filed once.
     */
    async addressed(addresses: string[]): Promise<AddressedRecord[]> {
      if (addresses.length === 0) return [];
      const scope = db.scope;
      const list = sql`${sql.param(addresses)}::text[]`;
      const result = await db.execute(sql`
        select distinct on (x.tenant_id, x.prospect_id, x.lead_id) x.tenant_id as "tenantId", x.prospect_id as "prospectId", x.lead_id as "leadId",
          x.owner_id as "ownerId", x.name, x.address
        from (
          select p.tenant_id, p.id as prospect_id, l.id as lead_id, coalesce(l.owner_id, p.owner_id) as owner_id, coalesce(l.name, p.name) as name,
            lower(p.email) as address
          from prospects p
          left join lateral (select l.id, l.owner_id, l.name from leads l where l.tenant_id = p.tenant_id and l.prospect_id = p.id
            ${andOwnerFilter(sql.raw('l.owner_id'), scope)} limit 1) l on true
          where lower(p.email) = any(${list}) ${andOwnerFilter(sql.raw('p.owner_id'), scope)}
          union all
          select l.tenant_id, p.id, l.id, l.owner_id, l.name, lower(l.email)
          from leads l
          left join prospects p on p.tenant_id = l.tenant_id and p.id = l.prospect_id ${andOwnerFilter(sql.raw('p.owner_id'), scope)}
          where lower(l.email) = any(${list}) ${andOwnerFilter(sql.raw('l.owner_id'), scope)}
        ) x
        where true ${andTenantFilter(sql.raw('x.tenant_id'), scope)}
        order by x.tenant_id, x.prospect_id, x.lead_id`);
      return rowsOf<AddressedRecord>(result);
    },
  };
}

import { and, eq, gte, isNotNull, lt, ne, notExists, sql } from 'drizzle-orm';
import type { Database, ScopedDb } from '../../tenancy/database';
import { mailOutbox, quotations, tenants, users } from '../../db/schema';
import { outboxRepository } from '../../mail/outbox-repository';
import { localDate } from '../../lib/today';
import { quotationsRepository } from './repository';
import type { AppConfig } from '../../config';
import { shareLinks, type ShareLinks } from './share-link';

export interface FollowupDeps {
  /** The server's database: the follow-ups are the system's, for every tenant (their reason named in run). */
  database: Database;
  links: ShareLinks;
  /** Where the client's link points (PUBLIC_URL, else the server's own address). */
  publicUrl: string;
  mailConfigured: boolean;
}

const noMailYet = (kind: 'quotation_reminder' | 'quotation_expired') =>
  notExists(
    sql`(select 1 from ${mailOutbox} where ${mailOutbox.tenantId} = ${quotations.tenantId} and ${mailOutbox.quotationId} = ${quotations.id} and ${mailOutbox.kind} = ${kind})`,
  );

/**
 * The follow-ups a schedule runs: a reminder to the client of a sent, undecided quotation whose
 * validity ends within its tenant's quotation_reminder_days, and a notice to the owner of one that
 * expired undecided. Each goes out once per quotation: the outbox's unique index takes the first
 * and refuses any other instance's, and the history entry is written in that same transaction.
 */
export function quotationFollowups({ database, links, publicUrl, mailConfigured }: FollowupDeps) {
  async function remind(db: ScopedDb, today: string): Promise<number> {
    const due = await db
      .select({ row: quotations })
      .from(quotations)
      .innerJoin(tenants, eq(tenants.id, quotations.tenantId))
      .where(
        and(
          eq(quotations.status, 'sent'),
          sql`${tenants.quotationReminderDays} > 0`,
          gte(quotations.validUntil, today),
          sql`${quotations.validUntil} <= ${today}::date + ${tenants.quotationReminderDays}`,
          isNotNull(quotations.shareNonce),
          ne(quotations.clientEmail, ''),
          noMailYet('quotation_reminder'),
        ),
      );
    let sent = 0;
    for (const { row } of due) {
      const link = links.urlOf(row.shareNonce, publicUrl)!;
      const mail = {
        kind: 'quotation_reminder' as const,
        to: row.clientEmail,
        number: row.number,
        title: row.title,
        companyName: row.companyName,
        link,
        validUntil: row.validUntil,
      };
      const done = await db.transaction(async (tx) => {
        const queued = await outboxRepository(tx).enqueue({ tenantId: row.tenantId, quotationId: row.id, mail, configured: mailConfigured }, true);
        if (!queued) return false;
        const summary = mailConfigured ? `Reminder sent to ${row.clientEmail}` : 'Reminder not mailed: mail is not set up';
        await quotationsRepository(tx).addEvent(row.tenantId, { quotationId: row.id, kind: 'reminded', summary });
        return true;
      });
      if (done) sent += 1;
    }
    return sent;
  }

  async function noticeExpired(db: ScopedDb, today: string): Promise<number> {
    const due = await db
      .select({ row: quotations, owner: users.email })
      .from(quotations)
      .innerJoin(users, eq(users.id, quotations.createdBy))
      .where(and(eq(quotations.status, 'sent'), lt(quotations.validUntil, today), noMailYet('quotation_expired')));
    let noticed = 0;
    for (const { row, owner } of due) {
      const mail = {
        kind: 'quotation_expired' as const,
        to: owner,
        number: row.number,
        title: row.title,
        clientName: row.clientName,
        validUntil: row.validUntil,
      };
      const done = await db.transaction(async (tx) => {
        const queued = await outboxRepository(tx).enqueue({ tenantId: row.tenantId, quotationId: row.id, mail, configured: mailConfigured }, true);
        if (!queued) return false;
        const summary = mailConfigured ? `Expired without a decision; ${owner} was told` : 'Expired without a decision';
        await quotationsRepository(tx).addEvent(row.tenantId, { quotationId: row.id, kind: 'expired', summary });
        return true;
      });
      if (done) noticed += 1;
    }
    return noticed;
  }

  return {
    /** One pass; safe to run from any number of instances at once. */
    async run(today = localDate()): Promise<{ reminded: number; expired: number }> {
      const db = database.asSystem("quotation follow-ups: every tenant's reminders and expiry notices");
      return { reminded: await remind(db, today), expired: await noticeExpired(db, today) };
    },
  };
}
export type QuotationFollowups = ReturnType<typeof quotationFollowups>;

/** The follow-ups as the server runs them: links signed with its secret, to its public address. */
export function serverFollowups(
  database: Database,
  { authSecret, config, mailConfigured }: { authSecret: string; config: Pick<AppConfig, 'publicOrigin' | 'publicUrl'>; mailConfigured: boolean },
) {
  return quotationFollowups({ database, links: shareLinks(authSecret, config.publicOrigin), publicUrl: config.publicUrl, mailConfigured });
}

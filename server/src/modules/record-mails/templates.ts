import {
  fillMergeFields,
  usedMergeFields,
  type MailTemplate,
  type MailTemplateList,
  type MailTemplatePreview,
  type MailTemplateWrite,
  type MergeField,
} from '@app/shared/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isoSql, rowsOf } from '../../db/raw-sql';
import { emailAccounts, mailTemplates, users } from '../../db/schema';
import { isUniqueViolation } from '../../http/errors';
import { conflict, forbidden, notFound } from '../../lib/refusal';
import type { ScopedDb } from '../../tenancy/database';
import { andOwnerFilter, tenantFilter } from '../../tenancy/scope';
import { type AuditActor, recordAudit } from '../audit';
import { mailRecordsRepository } from './repository';

export const TEMPLATE_NOT_FOUND_DETAIL = 'Mail template not found.';
export const TEMPLATE_DUPLICATE_DETAIL = 'name: the tenant already has a template of this name.';
export const TEMPLATE_NOT_YOURS_DETAIL = 'Only its author or an admin changes or deletes a template.';

/** A quotation's client link, as the quotations module makes it (its nonce, on the origin). */
export type QuotationLinkOf = (nonce: string, origin: string) => string | null;

const TEMPLATE_JSON = `json_build_object('id', t.id, 'tenant_id', t.tenant_id, 'name', t.name, 'subject', t.subject, 'body', t.body,
  'created_by', t.created_by, 'created_by_name', coalesce(nullif(u.full_name, ''), u.email),
  'created_at', ${isoSql('t.created_at')}, 'updated_at', ${isoSql('t.updated_at')})`;

async function templatesWhere(db: DbOrTx, tenantId: string, id?: string): Promise<MailTemplate[]> {
  const result = await db.execute(sql`select coalesce(json_agg(${sql.raw(TEMPLATE_JSON)} order by lower(t.name), t.id), '[]')::text as templates
    from mail_templates t left join users u on u.id = t.created_by
    where t.tenant_id = ${tenantId} ${id ? sql`and t.id = ${id}` : sql``}`);
  return JSON.parse(rowsOf<{ templates: string }>(result)[0].templates) as MailTemplate[];
}

/** The contact's first name: the first word of the record's Manager. */
export function firstNameOf(manager: string | null): string {
  return (manager ?? '').trim().split(/\s+/)[0] ?? '';
}

/** A tenant's mail templates and their preview on a record: a factory of the quotations' link maker, each call on the caller's database. */
export function mailTemplatesService(links: { quotationLinkOf: QuotationLinkOf }) {
  /** A template of a tenant the caller uses (any other is not found), that they may change: its author, or an admin. */
  async function own(db: ScopedDb, id: string) {
    const [row] = await db
      .select({ tenantId: mailTemplates.tenantId, createdBy: mailTemplates.createdBy, name: mailTemplates.name })
      .from(mailTemplates)
      .where(and(eq(mailTemplates.id, id), tenantFilter(mailTemplates.tenantId, db.scope)))
      .limit(1);
    if (!row) throw notFound(TEMPLATE_NOT_FOUND_DETAIL);
    if (row.createdBy !== db.scope.userId && !db.scope.isAdmin) throw forbidden(TEMPLATE_NOT_YOURS_DETAIL);
    return { tenantId: row.tenantId, name: row.name };
  }

  async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error, 'mail_templates_name_unique')) throw conflict(TEMPLATE_DUPLICATE_DETAIL);
      throw error;
    }
  }

  const audit = (id: string, name: string) => ({ targetType: 'mail_template', targetId: id, targetName: name });

  return {
    /** tenantId has been checked by the route (request.tenant). */
    async list(db: ScopedDb, tenantId: string): Promise<MailTemplateList> {
      return { templates: await templatesWhere(db, tenantId) };
    },

    /** The input's tenant has been checked by the route (request.tenant). */
    async create(db: ScopedDb, tenantId: string, input: MailTemplateWrite, actor: AuditActor): Promise<MailTemplate> {
      return uniqueName(() =>
        db.transaction(async (tx) => {
          const [row] = await tx
            .insert(mailTemplates)
            .values({ tenantId, name: input.name, subject: input.subject, body: input.body, createdBy: db.scope.userId })
            .returning({ id: mailTemplates.id });
          await recordAudit(tx, actor, { tenantId, action: 'mail_template.created', ...audit(row.id, input.name) });
          return (await templatesWhere(tx, tenantId, row.id))[0];
        }),
      );
    },

    async update(db: ScopedDb, id: string, input: MailTemplateWrite, actor: AuditActor): Promise<MailTemplate> {
      const { tenantId } = await own(db, id);
      if (input.tenant_id !== tenantId) throw notFound(TEMPLATE_NOT_FOUND_DETAIL);
      return uniqueName(() =>
        db.transaction(async (tx) => {
          await tx
            .update(mailTemplates)
            .set({ name: input.name, subject: input.subject, body: input.body, updatedAt: new Date() })
            .where(and(eq(mailTemplates.tenantId, tenantId), eq(mailTemplates.id, id)));
          await recordAudit(tx, actor, { tenantId, action: 'mail_template.updated', ...audit(id, input.name) });
          return (await templatesWhere(tx, tenantId, id))[0];
        }),
      );
    },

    async remove(db: ScopedDb, id: string, actor: AuditActor): Promise<void> {
      const { tenantId, name } = await own(db, id);
      await db.transaction(async (tx) => {
        await tx.delete(mailTemplates).where(and(eq(mailTemplates.tenantId, tenantId), eq(mailTemplates.id, id)));
        await recordAudit(tx, actor, { tenantId, action: 'mail_template.deleted', ...audit(id, name) });
      });
    },

    /**
     * A subject and body filled on a record the user sees, as sent from `account_id` (one of the
     * user's mailboxes; else their own address stands for {{rep_email}}). A field without a value
     * on this record is left empty and named in `missing`.
     */
    async preview(
      db: ScopedDb,
      input: { record_type: 'prospect' | 'lead'; record_id: string; account_id?: string | null; subject: string; body: string },
      origin: string,
    ): Promise<MailTemplatePreview> {
      const userId = db.scope.userId!;
      const record = await mailRecordsRepository(db).visible(input.record_type, input.record_id);
      const [rep] = await db.select({ fullName: users.fullName, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
      let repEmail = rep?.email ?? '';
      if (input.account_id) {
        const [account] = await db
          .select({ address: emailAccounts.emailAddress })
          .from(emailAccounts)
          .where(and(eq(emailAccounts.userId, userId), eq(emailAccounts.id, input.account_id)))
          .limit(1);
        if (!account) throw notFound('account_id: not one of your mailboxes.');
        repEmail = account.address;
      }
      const used = usedMergeFields(`${input.subject}\n${input.body}`);
      let quotationLink = '';
      if (used.includes('quotation_link') && record.leadId) {
        const result = await db.execute(sql`select q.share_nonce from quotations q
          where q.tenant_id = ${record.tenantId} and q.lead_id = ${record.leadId} and q.status = 'sent' and q.share_nonce is not null
            and q.valid_until >= current_date ${andOwnerFilter(sql.raw('q.owner_id'), db.scope)}
          order by q.sent_at desc nulls last limit 1`);
        const nonce = rowsOf<{ share_nonce: string }>(result)[0]?.share_nonce;
        quotationLink = nonce ? (links.quotationLinkOf(nonce, origin) ?? '') : '';
      }
      const values: Record<MergeField, string> = {
        company: record.name,
        first_name: firstNameOf(record.manager),
        rep_name: rep?.fullName || rep?.email || '',
        rep_email: repEmail,
        quotation_link: quotationLink,
      };
      return {
        subject: fillMergeFields(input.subject, values).replace(/[\r\n]+/g, ' '),
        body: fillMergeFields(input.body, values),
        missing: used.filter((field) => !values[field]),
      };
    },
  };
}

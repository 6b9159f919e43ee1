import type { RecordNote } from '@app/shared/contracts';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { isoSql, rowsOf } from '../../db/raw-sql';
import { leads, prospects, recordNotes } from '../../db/schema';
import { notFound } from '../../lib/refusal';
import type { ScopedDbOrTx } from '../../tenancy/database';
import { andOwnerFilter, ownerFilter, tenantFilter } from '../../tenancy/scope';

/** The records that carry notes, by the word their routes use. */
export type NotedRecordKind = 'prospect' | 'lead';

/**
 * A record the caller sees, as notes and tasks need it: its tenant, its name, a lead's prospect,
 * and a converted prospect's lead (when the scope sees it), which what is written on the
 * prospect from then on also goes to.
 */
export interface NotedRecord {
  tenantId: string;
  name: string;
  prospectId: string | null;
  leadId: string | null;
}

export interface WrittenOn {
  prospectId?: string;
  leadId?: string;
}

/**
 * What a note or task written on this record is tied to: a lead's to the lead; a prospect's to the
 * prospect and, once it is converted, to its lead too, as those written before the conversion were.
 */
export function writtenOn(kind: NotedRecordKind, id: string, record: NotedRecord): WrittenOn {
  return kind === 'lead' ? { leadId: id } : { prospectId: id, ...(record.leadId ? { leadId: record.leadId } : {}) };
}

/** The notes column that ties a note to a record of this kind. */
export const noteColumnOf = (kind: NotedRecordKind) => (kind === 'prospect' ? recordNotes.prospectId : recordNotes.leadId);

/** Who wrote a note: full name, else email (users `u`); null once the user is deleted. */
const AUTHOR_NAME = `coalesce(nullif(u.full_name, ''), u.email)`;

/** The notes `where` selects (a condition over record_notes `n`), newest first: the one writer of a note's answer. */
function notesJson(where: SQL): SQL {
  return sql`(select coalesce(json_agg(r), '[]') from (
      select n.id, n.body, n.author_id, ${sql.raw(AUTHOR_NAME)} as author_name,
        ${sql.raw(isoSql('n.created_at'))} as created_at, ${sql.raw(isoSql('n.updated_at'))} as updated_at
      from record_notes n left join users u on u.id = n.author_id
      where ${where}
      order by n.created_at desc, n.id desc) r)::text`;
}

/** Notes, read and written through the caller's database handle (its scope: which records they see). */
export function notesRepository(db: ScopedDbOrTx) {
  async function answers(where: SQL): Promise<RecordNote[]> {
    const result = await db.execute(sql`select ${notesJson(where)} as notes`);
    return JSON.parse(rowsOf<{ notes: string }>(result)[0].notes);
  }

  /** The record looked up by id alone, when the caller sees it: one of theirs, in a tenant they use. */
  async function recordOf(kind: NotedRecordKind, id: string): Promise<NotedRecord | undefined> {
    const { scope } = db;
    const [row] =
      kind === 'prospect'
        ? await db
            .select({
              tenantId: prospects.tenantId,
              name: prospects.name,
              prospectId: prospects.id,
              // Named in full: drizzle writes a one-table select's columns bare, which inside this subquery would read leads'.
              leadId: sql<
                string | null
              >`(select l.id from leads l where l.tenant_id = "prospects"."tenant_id" and l.prospect_id = "prospects"."id" ${andOwnerFilter(sql.raw('l.owner_id'), scope)} limit 1)`,
            })
            .from(prospects)
            .where(and(eq(prospects.id, id), tenantFilter(prospects.tenantId, scope), ownerFilter(prospects.ownerId, scope)))
            .limit(1)
        : await db
            .select({ tenantId: leads.tenantId, name: leads.name, prospectId: leads.prospectId, leadId: leads.id })
            .from(leads)
            .where(and(eq(leads.id, id), tenantFilter(leads.tenantId, scope), ownerFilter(leads.ownerId, scope)))
            .limit(1);
    return row;
  }

  return {
    recordOf,

    /** The record by id alone as recordOf, or not-found (`notFoundDetail`) when the caller does not see it: another tenant's id tells nothing. */
    async visible(kind: NotedRecordKind, id: string, notFoundDetail: string): Promise<NotedRecord> {
      const record = await recordOf(kind, id);
      if (!record) throw notFound(notFoundDetail);
      return record;
    },

    /** A record's notes, newest first. */
    async list(tenantId: string, kind: NotedRecordKind, recordId: string): Promise<RecordNote[]> {
      const column = kind === 'prospect' ? 'prospect_id' : 'lead_id';
      return answers(sql`n.tenant_id = ${tenantId} and n.${sql.raw(column)} = ${recordId}`);
    },

    /** One note's answer. */
    async answer(tenantId: string, id: string): Promise<RecordNote | undefined> {
      return (await answers(sql`n.tenant_id = ${tenantId} and n.id = ${id}`))[0];
    },

    /** The note of this record, with its author. */
    async find(tenantId: string, kind: NotedRecordKind, recordId: string, id: string): Promise<{ authorId: string | null } | undefined> {
      const [row] = await db
        .select({ authorId: recordNotes.authorId })
        .from(recordNotes)
        .where(and(eq(recordNotes.tenantId, tenantId), eq(recordNotes.id, id), eq(noteColumnOf(kind), recordId)))
        .limit(1);
      return row;
    },

    async insert(tenantId: string, about: WrittenOn, authorId: string, body: string): Promise<string> {
      const [row] = await db
        .insert(recordNotes)
        .values({ tenantId, ...about, authorId, body })
        .returning({ id: recordNotes.id });
      return row.id;
    },

    async update(tenantId: string, id: string, body: string): Promise<void> {
      await db
        .update(recordNotes)
        .set({ body, updatedAt: new Date() })
        .where(and(eq(recordNotes.tenantId, tenantId), eq(recordNotes.id, id)));
    },

    async delete(tenantId: string, id: string): Promise<void> {
      await db.delete(recordNotes).where(and(eq(recordNotes.tenantId, tenantId), eq(recordNotes.id, id)));
    },

    /** A prospect's notes go with it to the lead made from it (in the conversion's transaction). */
    async carryOver(tenantId: string, prospectId: string, leadId: string): Promise<void> {
      await db
        .update(recordNotes)
        .set({ leadId })
        .where(and(eq(recordNotes.tenantId, tenantId), eq(recordNotes.prospectId, prospectId), isNull(recordNotes.leadId)));
    },
  };
}

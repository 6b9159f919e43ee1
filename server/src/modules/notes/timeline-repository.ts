import { TIMELINE_LIMIT, type TimelineEntry } from '@app/shared/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { isoSql, rowsOf } from '../../db/raw-sql';
import type { ScopedDbOrTx } from '../../tenancy/database';
import { andOwnerFilter } from '../../tenancy/scope';

/** Who did it: full name, else email (users `u`); null once the user is deleted. */
const USER_NAME = sql.raw(`coalesce(nullif(u.full_name, ''), u.email)`);

/** What a timeline is about: a prospect, or a lead with the prospect it was made from (if any). */
export interface TimelineSubject {
  prospectId: string | null;
  leadId: string | null;
}

/**
 * A record's timeline, newest first, as one statement whose JSON the database writes: the history
 * of changes (with the calls and notes made in them), each call with its caller, the notes, the mails
 * (with their senders: who wrote them, the sender's name else address), and each sending of a
 * quotation with its sender, the client's first opening after each sending (quotation_events keeps only that one)
 * and the decision of the quotations made from a lead. The quotations are those the caller (db.scope) sees.
 */
export function timelineRepository(db: ScopedDbOrTx) {
  return {
    async entries(tenantId: string, subject: TimelineSubject): Promise<TimelineEntry[]> {
      const { scope } = db;
      const prospectId = sql`${subject.prospectId}::uuid`;
      const leadId = sql`${subject.leadId}::uuid`;
      // A lead shows its own notes (a prospect's came with it on conversion); a prospect its own.
      const notesOf: SQL = subject.leadId ? sql`n.lead_id = ${leadId}` : sql`n.prospect_id = ${prospectId}`;
      const tasksOf: SQL = subject.leadId ? sql`t.lead_id = ${leadId}` : sql`t.prospect_id = ${prospectId}`;
      const mailsOf: SQL = subject.leadId ? sql`m.lead_id = ${leadId}` : sql`m.prospect_id = ${prospectId}`;
      const result = await db.execute(sql`
        select coalesce(json_agg(r), '[]')::text as entries from (
          select e.key, e.kind, e.summary, e.notes, e.user_name, ${sql.raw(isoSql('e.at'))} as created_at
          from (
            select 'activity:' || a.id as key, a.kind, a.summary, a.notes, ${USER_NAME} as user_name, a.created_at as at
            from crm_activities a left join users u on u.id = a.user_id
            where a.tenant_id = ${tenantId} and (a.prospect_id = ${prospectId} or a.lead_id = ${leadId})
            union all
            select 'call:' || c.id, 'call', 'Call made' || coalesce(' (goal: ' || g.name || ')', ''), null, ${USER_NAME}, c.made_at
            from calls c left join goals g on g.tenant_id = c.tenant_id and g.id = c.goal_id left join users u on u.id = c.caller_id
            where c.tenant_id = ${tenantId} and c.prospect_id = ${prospectId}
            union all
            select 'note:' || n.id, 'note', 'Note', n.body, ${USER_NAME}, n.created_at
            from record_notes n left join users u on u.id = n.author_id
            where n.tenant_id = ${tenantId} and ${notesOf}
            union all
            select 'task-done:' || t.id, 'task', 'Task done: ' || t.title, null, ${USER_NAME}, t.done_at
            from tasks t left join users u on u.id = t.done_by
            where t.tenant_id = ${tenantId} and t.done_at is not null and ${tasksOf}
            union all
            select 'mail:' || m.id, 'mail', case when m.direction = 'sent' then 'Email sent: ' else 'Email received: ' end || m.subject,
              left(m.body, 500), coalesce(nullif(m.from_name, ''), m.from_address), m.sent_at
            from record_mails m
            where m.tenant_id = ${tenantId} and ${mailsOf}
            union all
            -- Each sending, by whom (the staff member who sent it); one sent before sendings were kept as events, on its own.
            select 'quotation-sent:' || v.id, 'quotation', 'Quotation ' || q.number || ' sent', null, ${USER_NAME}, v.created_at
            from quotation_events v join quotations q on q.tenant_id = v.tenant_id and q.id = v.quotation_id left join users u on u.id = v.user_id
            where v.tenant_id = ${tenantId} and v.kind = 'sent' and q.lead_id = ${leadId} ${andOwnerFilter(sql.raw('q.owner_id'), scope)}
            union all
            select 'quotation-sent:' || q.id, 'quotation', 'Quotation ' || q.number || ' sent', null, null, q.sent_at
            from quotations q
            where q.tenant_id = ${tenantId} and q.lead_id = ${leadId} and q.sent_at is not null ${andOwnerFilter(sql.raw('q.owner_id'), scope)}
              and not exists (select 1 from quotation_events v where v.tenant_id = q.tenant_id and v.quotation_id = q.id and v.kind = 'sent')
            union all
            select 'quotation-viewed:' || v.id, 'quotation', 'Quotation ' || q.number || ' viewed by the client', null, null, v.created_at
            from quotation_events v join quotations q on q.tenant_id = v.tenant_id and q.id = v.quotation_id
            where v.tenant_id = ${tenantId} and v.kind = 'viewed' and q.lead_id = ${leadId} ${andOwnerFilter(sql.raw('q.owner_id'), scope)}
            union all
            select 'quotation-decided:' || q.id, 'quotation', 'Quotation ' || q.number || ' ' || q.status,
              case when q.status = 'accepted' then nullif('Accepted by ' || coalesce(q.accepted_by, ''), 'Accepted by ') else q.rejection_reason end,
              null, q.decided_at
            from quotations q
            where q.tenant_id = ${tenantId} and q.lead_id = ${leadId} and q.decided_at is not null and q.status in ('accepted', 'rejected')
              ${andOwnerFilter(sql.raw('q.owner_id'), scope)}
          ) e
          order by e.at desc, e.key desc
          limit ${sql.raw(String(TIMELINE_LIMIT))}) r`);
      return JSON.parse(rowsOf<{ entries: string }>(result)[0].entries);
    },
  };
}

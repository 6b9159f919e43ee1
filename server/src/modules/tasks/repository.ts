import type { Task, TaskType } from '@app/shared/contracts';
import { format } from 'date-fns/format';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isoSql, rowsOf, toInt } from '../../db/raw-sql';
import { callbacks, tasks } from '../../db/schema';
import { notFound } from '../../lib/refusal';
import { localDate } from '../../lib/today';
import type { ScopedDbOrTx } from '../../tenancy/database';
import { andTenantFilter, userScopeOf } from '../../tenancy/scope';
import { taskRecordSeen } from '../../tenancy/visibility';

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** Full name, else email, of the user column. */
const nameOf = (column: string) => sql.raw(`(select coalesce(nullif(u.full_name, ''), u.email) from users u where u.id = ${column})`);

/** The tasks `where` selects (over tasks `t`), ordered, as the JSON of their answers: the one writer of a task's answer. */
function tasksJson(where: SQL, order: SQL, limit?: { limit: number; offset: number }): SQL {
  return sql`(select coalesce(json_agg(r), '[]') from (
      select t.id, t.type, t.title, to_char(t.due_date, 'YYYY-MM-DD') as due_date, to_char(t.due_time, 'HH24:MI') as due_time,
        t.owner_id, ${nameOf('t.owner_id')} as owner_name, t.prospect_id, t.lead_id,
        coalesce((select l.name from leads l where l.tenant_id = t.tenant_id and l.id = t.lead_id),
          (select p.name from prospects p where p.tenant_id = t.tenant_id and p.id = t.prospect_id), '') as record_name,
        t.callback_id, t.done_at is not null as done,
        case when t.done_at is null then null else ${sql.raw(isoSql('t.done_at'))} end as done_at,
        ${nameOf('t.done_by')} as done_by_name, ${sql.raw(isoSql('t.created_at'))} as created_at
      from tasks t
      where ${where}
      order by ${order}
      ${limit ? sql`limit ${limit.limit} offset ${limit.offset}` : sql``}) r)::text`;
}

/** Open tasks first, then by day and time (whole-day tasks after timed ones). */
const BY_DUE = sql`t.due_date, t.due_time nulls last, t.created_at, t.id`;

async function answers(db: DbOrTx, where: SQL, order: SQL = BY_DUE, limit?: { limit: number; offset: number }): Promise<Task[]> {
  const result = await db.execute(sql`select ${tasksJson(where, order, limit)} as tasks`);
  return JSON.parse(rowsOf<{ tasks: string }>(result)[0].tasks);
}

export interface TaskFilter {
  ownerIds?: 'none' | string;
  prospectId?: string;
  leadId?: string;
  done?: boolean;
  dueFrom?: string;
  dueTo?: string;
}

/** A task as its service checks it: its tenant, owner, callback and record. */
export interface TaskRow {
  tenantId: string;
  ownerId: string | null;
  callbackId: string | null;
  done: boolean;
  title: string;
  recordName: string;
}

export interface TaskValues {
  type: TaskType;
  title: string;
  dueDate: string;
  dueTime: string | null;
  ownerId: string | null;
}

/**
 * The tasks the caller sees, through their database handle: those about a record their scope sees
 * (tenancy/visibility.ts), in the tenants it works in.
 */
export function visibleTasksRepository(db: ScopedDbOrTx) {
  const seen = () => sql`${taskRecordSeen(db.scope)} ${andTenantFilter(sql.raw('t.tenant_id'), db.scope)}`;

  return {
    /** A task by id alone that the caller sees; any other, hidden or another tenant's, answers not-found with `detail`. */
    async visible(id: string, detail: string): Promise<TaskRow> {
      const result = await db.execute(sql`
        select t.tenant_id as "tenantId", t.owner_id as "ownerId", t.callback_id as "callbackId", t.done_at is not null as done, t.title,
          coalesce((select l.name from leads l where l.tenant_id = t.tenant_id and l.id = t.lead_id),
            (select p.name from prospects p where p.tenant_id = t.tenant_id and p.id = t.prospect_id), '') as "recordName"
        from tasks t where t.id = ${id}::uuid and ${seen()} limit 1`);
      const [row] = rowsOf<TaskRow>(result);
      if (!row) throw notFound(detail);
      return row;
    },

    /** One page of the tasks the caller sees in the tenant, matching the filter; with their total. */
    async page(tenantId: string, filter: TaskFilter, page: { limit: number; offset: number }): Promise<{ tasks: Task[]; total: number }> {
      const conditions: SQL[] = [sql`t.tenant_id = ${tenantId}::uuid`, taskRecordSeen(db.scope)];
      if (filter.ownerIds === 'none') conditions.push(sql`t.owner_id is null`);
      else if (filter.ownerIds) conditions.push(sql`t.owner_id = ${filter.ownerIds}::uuid`);
      if (filter.prospectId) conditions.push(sql`t.prospect_id = ${filter.prospectId}::uuid`);
      if (filter.leadId) conditions.push(sql`t.lead_id = ${filter.leadId}::uuid`);
      if (filter.done !== undefined) conditions.push(filter.done ? sql`t.done_at is not null` : sql`t.done_at is null`);
      if (filter.dueFrom) conditions.push(sql`t.due_date >= ${filter.dueFrom}::date`);
      if (filter.dueTo) conditions.push(sql`t.due_date <= ${filter.dueTo}::date`);
      const where = sql.join(conditions, sql` and `);
      const [list, count] = await Promise.all([
        answers(db, where, sql`(t.done_at is not null), ${BY_DUE}`, page),
        db.execute(sql`select count(*) as total from tasks t where ${where}`),
      ]);
      return { tasks: list, total: toInt(rowsOf<{ total: unknown }>(count)[0].total) };
    },

    /** The caller's own open tasks due up to `until` (a day) in the tenant, of records they see. */
    async openOf(tenantId: string, until: string): Promise<Task[]> {
      const { userId } = userScopeOf(db.scope);
      return answers(
        db,
        sql`t.tenant_id = ${tenantId}::uuid and t.owner_id = ${userId}::uuid and t.done_at is null and t.due_date <= ${until}::date and ${taskRecordSeen(db.scope)}`,
      );
    },

    /** The caller's own open tasks with a time, in every tenant they work in, of records they see (their calendar feed). */
    async timedOpen(): Promise<Task[]> {
      const { userId } = userScopeOf(db.scope);
      return answers(db, sql`t.owner_id = ${userId}::uuid and t.done_at is null and t.due_time is not null and ${seen()}`, BY_DUE, {
        limit: 2000,
        offset: 0,
      });
    },
  };
}

/**
 * Tasks as written: their answers, and the changes a flow has checked already. Other modules'
 * transactions (a hand-over, a conversion, the call queue's callback) write through it too.
 */
export function tasksRepository(db: DbOrTx) {
  return {
    async answer(tenantId: string, id: string): Promise<Task | undefined> {
      return (await answers(db, sql`t.tenant_id = ${tenantId}::uuid and t.id = ${id}::uuid`))[0];
    },

    async insert(
      tenantId: string,
      about: { prospectId?: string; leadId?: string; callbackId?: string },
      values: TaskValues,
      createdBy: string,
    ): Promise<string> {
      const [row] = await db
        .insert(tasks)
        .values({ tenantId, ...about, ...values, createdBy })
        .returning({ id: tasks.id });
      return row.id;
    },

    async update(tenantId: string, id: string, values: Partial<TaskValues>): Promise<void> {
      await db
        .update(tasks)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(tasks.tenantId, tenantId), eq(tasks.id, id)));
    },

    /**
     * Marks the task done (by whom, when) or open again; a callback's call task takes its callback
     * along, so the call queue and the task never disagree.
     */
    async setDone(tenantId: string, id: string, done: { by: string; at: Date } | null): Promise<void> {
      await db.execute(sql`
        with t as (
          update tasks set done_at = ${done ? at(done.at) : sql`null`}, done_by = ${done ? sql`${done.by}::uuid` : sql`null`}, updated_at = now()
          where tenant_id = ${tenantId}::uuid and id = ${id}::uuid
          returning tenant_id, callback_id
        )
        update callbacks b set done_at = ${done ? at(done.at) : sql`null`}
        from t where b.tenant_id = t.tenant_id and b.id = t.callback_id`);
    },

    /** Deletes the task; a callback's call task ends its callback too (a deleted call is not called back). */
    async delete(tenantId: string, id: string, now: Date): Promise<void> {
      await db.execute(sql`
        with t as (delete from tasks where tenant_id = ${tenantId}::uuid and id = ${id}::uuid returning tenant_id, callback_id)
        update callbacks b set done_at = ${at(now)}
        from t where b.tenant_id = t.tenant_id and b.id = t.callback_id and b.done_at is null`);
    },

    /**
     * The call task of a callback just scheduled in the call queue, due at its local day and time
     * (the server's time zone, as every "today" of the CRM), owned by the callback's owner.
     */
    async addForCallback(tenantId: string, callback: { id: string; prospectId: string; owner: string; dueAt: Date }): Promise<void> {
      await db.execute(sql`
        insert into tasks (tenant_id, type, title, due_date, due_time, owner_id, created_by, prospect_id, callback_id)
        select ${tenantId}::uuid, 'call', left('Call back ' || p.name, 200), ${localDate(callback.dueAt)}::date, ${format(callback.dueAt, 'HH:mm')}::time,
          ${callback.owner}::uuid, ${callback.owner}::uuid, p.id, ${callback.id}::uuid
        from prospects p where p.tenant_id = ${tenantId}::uuid and p.id = ${callback.prospectId}::uuid`);
    },

    /** A callback's call task moved to another time or owner takes its open callback along, so the call queue, the dashboard and My day agree. */
    async moveCallback(tenantId: string, callbackId: string, move: { dueAt: Date; owner: string | null }): Promise<void> {
      await db
        .update(callbacks)
        .set({ dueAt: move.dueAt, ...(move.owner ? { owner: move.owner } : {}) })
        .where(and(eq(callbacks.tenantId, tenantId), eq(callbacks.id, callbackId), isNull(callbacks.doneAt)));
    },

    /**
     * A record handed over takes its open work along: its open tasks (a lead's include those of the
     * prospect it was made from) and its open callbacks owned by its previous owner go to the new
     * owner, a callback's call task and the callback together, in the hand-over's transaction. Tasks
     * someone else owns stay theirs. Answers the tasks moved, with the record each is about.
     */
    async followRecords(
      tenantId: string,
      about: 'prospect' | 'lead',
      handedOver: ReadonlyArray<{ id: string; previousOwner: string | null }>,
      newOwner: string,
    ): Promise<Array<{ id: string; title: string; recordId: string }>> {
      const moved = handedOver.filter((record) => record.previousOwner !== null && record.previousOwner !== newOwner);
      if (moved.length === 0) return [];
      const records = sql`${sql.param(moved.map((record) => record.id))}::uuid[]`;
      const previous = sql`${sql.param(moved.map((record) => record.previousOwner))}::uuid[]`;
      // A prospect's own tasks (a converted one's belong to its lead); a lead's, wherever they were written.
      const onRecord = about === 'lead' ? sql`t.lead_id = m.record_id` : sql`t.prospect_id = m.record_id and t.lead_id is null`;
      const result = await db.execute(sql`
        with m as (select * from unnest(${records}, ${previous}) as m(record_id, previous_owner)),
        moved_tasks as (
          update tasks t set owner_id = ${newOwner}::uuid, updated_at = now()
          from m
          where t.tenant_id = ${tenantId}::uuid and ${onRecord} and t.owner_id = m.previous_owner and t.done_at is null
          returning t.id, t.title, m.record_id, t.callback_id, t.due_date, t.due_time, t.created_at
        ),
        moved_callbacks as (
          update callbacks b set owner = ${newOwner}::uuid
          from m
          where b.tenant_id = ${tenantId}::uuid and b.owner = m.previous_owner and b.done_at is null
            and (b.id in (select callback_id from moved_tasks) ${about === 'prospect' ? sql`or b.prospect_id = m.record_id` : sql``})
          returning b.id
        )
        select id, title, record_id as "recordId", (select count(*) from moved_callbacks) as callbacks
        from moved_tasks order by due_date, due_time nulls last, created_at, id`);
      return rowsOf<{ id: string; title: string; recordId: string }>(result).map(({ id, title, recordId }) => ({ id, title, recordId }));
    },

    /** A prospect's tasks go with it to the lead made from it (in the conversion's transaction). */
    async carryOver(tenantId: string, prospectId: string, leadId: string): Promise<void> {
      await db
        .update(tasks)
        .set({ leadId })
        .where(and(eq(tasks.tenantId, tenantId), eq(tasks.prospectId, prospectId), isNull(tasks.leadId)));
    },
  };
}

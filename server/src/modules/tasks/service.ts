import { createHash, randomBytes } from 'node:crypto';
import {
  MY_DAY_UPCOMING_DAYS,
  TASK_NOT_FOUND_DETAIL,
  TASK_TYPE_LABELS,
  type CalendarFeed,
  type CalendarFeedCreated,
  type MyDay,
  type Task,
  type TaskCreate,
  type TaskListFilters,
  type TaskListResponse,
  type TaskUpdate,
} from '@app/shared/contracts';
import { pageOffset } from '@app/shared/contracts';
import type { ScopedDb } from '../../tenancy/database';
import { scopeContext, withDbContext, withSystemContext } from '../../db/wall/context';
import { notFound } from '../../lib/refusal';
import { addDays, localDate } from '../../lib/today';
import { userScope, type ScopeUser } from '../../tenancy/scope';
import { assertRowTenant } from '../../tenancy/tenant-access';
import { type AuditActor, recordAudit } from '../audit';
import { notesRepository, writtenOn } from '../notes';
import { checkedOwner } from '../owners';
import { calendarFeedsRepository } from './feed-repository';
import { calendar, localStart, localTimeLabel } from './ics';
import { tasksRepository, type TaskValues } from './repository';

const RECORD_NOT_FOUND = { prospect: 'Prospect not found.', lead: 'Lead not found.' } as const;
export const FEED_PATH_PREFIX = '/api/v1/calendar/';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** clock: the app's clock (tests move it), whose server day is "today". */
export function tasksService(db: ScopedDb, clock: () => Date = () => new Date()) {
  const repo = tasksRepository(db);

  /** The task when the user sees its record; hidden, or another tenant's, is not found. */
  async function seen(user: ScopeUser, id: string) {
    const scope = userScope(user);
    const task = await repo.find(scope, id);
    const tenantId = assertRowTenant(user, task?.tenantId, TASK_NOT_FOUND_DETAIL);
    return { scope, tenantId, task: task! };
  }

  const audit = (id: string, name: string, details: Record<string, unknown>) => ({ targetType: 'task', targetId: id, targetName: name, details });

  return {
    async list(user: ScopeUser, tenantId: string, query: TaskListFilters): Promise<TaskListResponse> {
      const scope = userScope(user);
      const owner = query.owner_id === 'me' ? user.id : query.owner_id;
      const { tasks, total } = await repo.page(
        scope,
        tenantId,
        { ownerIds: owner, prospectId: query.prospect_id, leadId: query.lead_id, done: query.done, dueFrom: query.due_from, dueTo: query.due_to },
        { limit: query.limit, offset: pageOffset(query) },
      );
      return { tasks, pagination: { total, page: query.page, limit: query.limit } };
    },

    async create(user: ScopeUser, input: TaskCreate, actor: AuditActor): Promise<Task> {
      const kind = input.lead_id ? 'lead' : 'prospect';
      const recordId = (input.lead_id ?? input.prospect_id)!;
      const record = await recordOf(db, kind, recordId);
      const tenantId = assertRowTenant(user, record?.tenantId, RECORD_NOT_FOUND[kind]);
      const ownerId = input.owner_id === undefined ? user.id : input.owner_id;
      // Only to a user whose records the creator sees, as Assign to.
      await checkedOwner(db, tenantId, ownerId);
      const values: TaskValues = { type: input.type, title: input.title, dueDate: input.due_date, dueTime: input.due_time ?? null, ownerId };
      return db.transaction(async (tx) => {
        const tasks = tasksRepository(tx);
        const id = await tasks.insert(tenantId, writtenOn(kind, recordId, record!), values, user.id);
        await recordAudit(tx, actor, {
          tenantId,
          action: 'task.created',
          ...audit(id, record!.name, { record_type: kind, record_id: recordId, title: input.title }),
        });
        return (await tasks.answer(tenantId, id))!;
      });
    },

    async update(user: ScopeUser, id: string, input: TaskUpdate, actor: AuditActor): Promise<Task> {
      const { tenantId, task } = await seen(user, id);
      if (input.owner_id !== undefined && input.owner_id !== task.ownerId) await checkedOwner(db, tenantId, input.owner_id);
      const values: Partial<TaskValues> = {
        ...(input.type !== undefined ? { type: input.type } : {}),
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.due_date !== undefined ? { dueDate: input.due_date } : {}),
        ...(input.due_time !== undefined ? { dueTime: input.due_time } : {}),
        ...(input.owner_id !== undefined ? { ownerId: input.owner_id } : {}),
      };
      return db.transaction(async (tx) => {
        const tasks = tasksRepository(tx);
        if (Object.keys(values).length > 0) {
          await tasks.update(tenantId, id, values);
          await recordAudit(tx, actor, { tenantId, action: 'task.updated', ...audit(id, task.recordName, { fields: Object.keys(values) }) });
        }
        const moved = values.dueDate !== undefined || values.dueTime !== undefined || values.ownerId !== undefined;
        if (task.callbackId && moved) {
          const now = (await tasks.answer(tenantId, id))!;
          // A call task without a time is due from the start of its day, as the callback then is.
          await tasks.moveCallback(tenantId, task.callbackId, { dueAt: localStart(now.due_date, now.due_time ?? '00:00'), owner: now.owner_id });
        }
        if (input.done !== undefined && input.done !== task.done) {
          await tasks.setDone(tenantId, id, input.done ? { by: user.id, at: clock() } : null);
          await recordAudit(tx, actor, {
            tenantId,
            action: input.done ? 'task.completed' : 'task.reopened',
            ...audit(id, task.recordName, { title: task.title }),
          });
        }
        return (await tasks.answer(tenantId, id))!;
      });
    },

    async remove(user: ScopeUser, id: string, actor: AuditActor): Promise<void> {
      const { tenantId, task } = await seen(user, id);
      await db.transaction(async (tx) => {
        await tasksRepository(tx).delete(tenantId, id, clock());
        await recordAudit(tx, actor, { tenantId, action: 'task.deleted', ...audit(id, task.recordName, { title: task.title }) });
      });
    },

    /**
     * tenantId has been checked by the route. The user's open tasks of records they see, around
     * the server's "today": before it, on it (by time), the callbacks' call tasks due by its end,
     * and the next days.
     */
    async myDay(user: ScopeUser, tenantId: string): Promise<MyDay> {
      const today = localDate(clock());
      const open = await repo.openOf(userScope(user), tenantId, user.id, addDays(today, MY_DAY_UPCOMING_DAYS));
      const day: MyDay = { today, overdue: [], due_today: [], callbacks: [], upcoming: [] };
      for (const task of open) {
        if (task.callback_id && task.due_date <= today) day.callbacks.push(task);
        else if (task.due_date < today) day.overdue.push(task);
        else if (task.due_date === today) day.due_today.push(task);
        else day.upcoming.push(task);
      }
      return day;
    },

    async feed(user: ScopeUser): Promise<CalendarFeed> {
      const row = await calendarFeedsRepository(db).of(user.id);
      return { active: Boolean(row), created_at: row?.createdAt.toISOString() ?? null };
    },

    /** A new secret address for the user's feed (the old one stops working); only its hash is kept. */
    async regenerateFeed(user: ScopeUser, actor: AuditActor): Promise<CalendarFeedCreated> {
      const token = randomBytes(32).toString('base64url');
      const createdAt = clock();
      await db.transaction(async (tx) => {
        await calendarFeedsRepository(tx).replace(user.id, hashToken(token), createdAt);
        await recordAudit(tx, actor, {
          tenantId: user.tenantId,
          action: 'calendar_feed.created',
          targetType: 'user',
          targetId: user.id,
          targetName: actor.email,
        });
      });
      return { path: `${FEED_PATH_PREFIX}${token}.ics`, created_at: createdAt.toISOString() };
    },

    async revokeFeed(user: ScopeUser, actor: AuditActor): Promise<void> {
      await db.transaction(async (tx) => {
        await calendarFeedsRepository(tx).remove(user.id);
        await recordAudit(tx, actor, {
          tenantId: user.tenantId,
          action: 'calendar_feed.revoked',
          targetType: 'user',
          targetId: user.id,
          targetName: actor.email,
        });
      });
    },

    /**
     * The feed of a token (no session: the token is the secret): the owner's open timed tasks
     * that they still see, read as them behind the database's wall. Unknown or revoked: not found.
     */
    async calendarFile(file: string): Promise<string> {
      const token = /^([A-Za-z0-9_-]{20,100})\.ics$/.exec(file)?.[1];
      if (!token) throw notFound('Calendar not found.');
      const owner = await withSystemContext('calendar feed token', () => calendarFeedsRepository(db).userOf(hashToken(token)));
      if (!owner) throw notFound('Calendar not found.');
      const scope = userScope(owner);
      const tasks = await withDbContext(scopeContext(scope), () => tasksRepository(db).timedOpenOf(scope, owner.id));
      const events = tasks.map((task) => {
        const start = localStart(task.due_date, task.due_time!);
        return {
          uid: `task-${task.id}@orbitra-crm`,
          start,
          summary: `${TASK_TYPE_LABELS[task.type]}: ${task.title}`,
          description: `${task.record_name} (${localTimeLabel(start)})`,
        };
      });
      return calendar('CRM tasks', events, clock());
    },
  };
}

/** The record a task is written on, when the scope sees it. */
async function recordOf(db: ScopedDb, kind: 'prospect' | 'lead', id: string) {
  return notesRepository(db).recordOf(kind, id);
}

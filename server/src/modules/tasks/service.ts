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
import { notFound } from '../../lib/refusal';
import { addDays, localDate } from '../../lib/today';
import type { Database, ScopedDb, ScopedDbOrTx } from '../../tenancy/database';
import { rowTenantSeen, userScope, userScopeOf } from '../../tenancy/scope';
import { type AuditActor, recordAudit } from '../audit';
import { notesRepository, writtenOn } from '../notes';
import { checkedOwner } from '../owners';
import { usersRepository } from '../users';
import { calendarFeedsRepository } from './feed-repository';
import { calendar, localStart, localTimeLabel } from './ics';
import { tasksRepository, visibleTasksRepository, type TaskValues } from './repository';

const RECORD_NOT_FOUND = { prospect: 'Prospect not found.', lead: 'Lead not found.' } as const;
export const FEED_PATH_PREFIX = '/api/v1/calendar/';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Tasks, My day and the calendar feed: a factory of the app's clock (tests move it), whose server day
 * is "today"; each call on the caller's database (request.db), whose scope says which tasks they see.
 */
export function tasksService({ clock = () => new Date() }: { clock?: () => Date } = {}) {
  const audit = (id: string, name: string, details: Record<string, unknown>) => ({ targetType: 'task', targetId: id, targetName: name, details });

  /** The caller's home tenant, where the trail keeps their own settings' changes. */
  const homeTenantOf = async (db: ScopedDbOrTx, userId: string) => (await usersRepository(db).findById(userId))?.tenantId ?? null;

  return {
    async list(db: ScopedDb, tenantId: string, query: TaskListFilters): Promise<TaskListResponse> {
      const owner = query.owner_id === 'me' ? userScopeOf(db.scope).userId : query.owner_id;
      const { tasks, total } = await visibleTasksRepository(db).page(
        tenantId,
        { ownerIds: owner, prospectId: query.prospect_id, leadId: query.lead_id, done: query.done, dueFrom: query.due_from, dueTo: query.due_to },
        { limit: query.limit, offset: pageOffset(query) },
      );
      return { tasks, pagination: { total, page: query.page, limit: query.limit } };
    },

    async create(db: ScopedDb, input: TaskCreate, actor: AuditActor): Promise<Task> {
      const { userId } = userScopeOf(db.scope);
      const kind = input.lead_id ? 'lead' : 'prospect';
      const recordId = (input.lead_id ?? input.prospect_id)!;
      // The record when the caller sees it; hidden, or another tenant's, is not found.
      const record = await notesRepository(db).recordOf(kind, recordId);
      const tenantId = rowTenantSeen(db.scope, record?.tenantId, RECORD_NOT_FOUND[kind]);
      const ownerId = input.owner_id === undefined ? userId : input.owner_id;
      // Only to a user whose records the creator sees, as Assign to.
      await checkedOwner(db, tenantId, ownerId);
      const values: TaskValues = { type: input.type, title: input.title, dueDate: input.due_date, dueTime: input.due_time ?? null, ownerId };
      return db.transaction(async (tx) => {
        const tasks = tasksRepository(tx);
        const id = await tasks.insert(tenantId, writtenOn(kind, recordId, record!), values, userId);
        await recordAudit(tx, actor, {
          tenantId,
          action: 'task.created',
          ...audit(id, record!.name, { record_type: kind, record_id: recordId, title: input.title }),
        });
        return (await tasks.answer(tenantId, id))!;
      });
    },

    async update(db: ScopedDb, id: string, input: TaskUpdate, actor: AuditActor): Promise<Task> {
      const { userId } = userScopeOf(db.scope);
      const task = await visibleTasksRepository(db).visible(id, TASK_NOT_FOUND_DETAIL);
      const { tenantId } = task;
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
          await tasks.setDone(tenantId, id, input.done ? { by: userId, at: clock() } : null);
          await recordAudit(tx, actor, {
            tenantId,
            action: input.done ? 'task.completed' : 'task.reopened',
            ...audit(id, task.recordName, { title: task.title }),
          });
        }
        return (await tasks.answer(tenantId, id))!;
      });
    },

    async remove(db: ScopedDb, id: string, actor: AuditActor): Promise<void> {
      const task = await visibleTasksRepository(db).visible(id, TASK_NOT_FOUND_DETAIL);
      const { tenantId } = task;
      await db.transaction(async (tx) => {
        await tasksRepository(tx).delete(tenantId, id, clock());
        await recordAudit(tx, actor, { tenantId, action: 'task.deleted', ...audit(id, task.recordName, { title: task.title }) });
      });
    },

    /**
     * tenantId has been checked by the route. The caller's open tasks of records they see, around
     * the server's "today": before it, on it (by time), the callbacks' call tasks due by its end,
     * and the next days.
     */
    async myDay(db: ScopedDb, tenantId: string): Promise<MyDay> {
      const today = localDate(clock());
      const open = await visibleTasksRepository(db).openOf(tenantId, addDays(today, MY_DAY_UPCOMING_DAYS));
      const day: MyDay = { today, overdue: [], due_today: [], callbacks: [], upcoming: [] };
      for (const task of open) {
        if (task.callback_id && task.due_date <= today) day.callbacks.push(task);
        else if (task.due_date < today) day.overdue.push(task);
        else if (task.due_date === today) day.due_today.push(task);
        else day.upcoming.push(task);
      }
      return day;
    },

    async feed(db: ScopedDb): Promise<CalendarFeed> {
      const row = await calendarFeedsRepository(db).of(userScopeOf(db.scope).userId);
      return { active: Boolean(row), created_at: row?.createdAt.toISOString() ?? null };
    },

    /** A new secret address for the caller's feed (the old one stops working); only its hash is kept. */
    async regenerateFeed(db: ScopedDb, actor: AuditActor): Promise<CalendarFeedCreated> {
      const { userId } = userScopeOf(db.scope);
      const token = randomBytes(32).toString('base64url');
      const createdAt = clock();
      await db.transaction(async (tx) => {
        await calendarFeedsRepository(tx).replace(userId, hashToken(token), createdAt);
        await recordAudit(tx, actor, {
          tenantId: await homeTenantOf(tx, userId),
          action: 'calendar_feed.created',
          targetType: 'user',
          targetId: userId,
          targetName: actor.email,
        });
      });
      return { path: `${FEED_PATH_PREFIX}${token}.ics`, created_at: createdAt.toISOString() };
    },

    async revokeFeed(db: ScopedDb, actor: AuditActor): Promise<void> {
      const { userId } = userScopeOf(db.scope);
      await db.transaction(async (tx) => {
        await calendarFeedsRepository(tx).remove(userId);
        await recordAudit(tx, actor, {
          tenantId: await homeTenantOf(tx, userId),
          action: 'calendar_feed.revoked',
          targetType: 'user',
          targetId: userId,
          targetName: actor.email,
        });
      });
    },

    /**
     * The feed of a token (no session: the token is the secret): the owner's open timed tasks that
     * they still see, read on their own database handle. Unknown or revoked: not found.
     */
    async calendarFile(database: Database, file: string): Promise<string> {
      const token = /^([A-Za-z0-9_-]{20,100})\.ics$/.exec(file)?.[1];
      if (!token) throw notFound('Calendar not found.');
      // Whose feed it is, nobody is signed in to say: finding out is the system's.
      const owner = await calendarFeedsRepository(database.asSystem('whose calendar feed a token opens')).userOf(hashToken(token));
      if (!owner) throw notFound('Calendar not found.');
      const tasks = await visibleTasksRepository(database.as(userScope(owner))).timedOpen();
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

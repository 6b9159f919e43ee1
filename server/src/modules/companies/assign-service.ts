import { assignResponseSchema, type AssignFilter, type AssignResponse, type AuditAction } from '@app/shared/contracts';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ScopedDb } from '../../tenancy/database';
import type { leads, prospects } from '../../db/schema';
import { errorResponses } from '../../http/errors';
import { userScope, type ScopeUser } from '../../tenancy/scope';
import { type AuditActor, auditRepository } from '../audit';
import { notifyAssigned } from '../notifications';
import { checkedOwner } from '../owners';
import { ASSIGN_BATCH, assignRecords } from './assign-records';

function chunks<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}

export interface AssignBody {
  owner_id: string | null;
  ids?: string[];
  filter?: AssignFilter;
}

/**
 * Assign to for one list: checks the owner, hands the records over and writes one audit event
 * for the request (how many, to whom, and the ids or the filter).
 */
export function companyAssigner(
  db: ScopedDb,
  list: { table: typeof prospects | typeof leads; listed?: SQL; action: Extract<AuditAction, `${string}.assigned`>; targetType: string },
) {
  return {
    /** tenantId has been checked by the route (request.tenant). */
    async assign(tenantId: string, user: ScopeUser, body: AssignBody, actor: AuditActor): Promise<AssignResponse> {
      const owner = await checkedOwner(db, tenantId, body.owner_id, userScope(user));
      const { changed, names, tasks } = await assignRecords(db, list.table, {
        tenantId,
        user,
        ownerId: body.owner_id,
        target: { ids: body.ids, filter: body.filter },
        listed: list.listed,
      });
      // The trail names every record that changed owner (its id and its name), a round per entry so no entry grows without bound.
      const rounds = changed.length === 0 ? [[]] : chunks([...changed].sort(), ASSIGN_BATCH);
      for (const records of rounds) {
        const inRound = new Set(records);
        const moved = tasks.filter((task) => inRound.has(task.recordId)).map((task) => task.id);
        await auditRepository(db).record(actor, {
          tenantId,
          action: list.action,
          targetType: list.targetType,
          targetId: body.owner_id ?? 'none',
          targetName: owner ? owner.fullName || owner.email : 'Unassigned',
          details: {
            updated: changed.length,
            ...(moved.length ? { tasks_moved: moved } : {}),
            owner_id: body.owner_id,
            records,
            record_names: records.map((id) => names.get(id) ?? ''),
            ...(body.ids ? { ids: body.ids } : { filter: body.filter ?? {} }),
          },
        });
      }
      // The new owner hears of it once for the whole request, however many records it moved, with the open tasks that came along.
      await notifyAssigned(db, {
        tenantId,
        actorId: user.id,
        ownerId: body.owner_id,
        kind: list.action === 'lead.assigned' ? 'lead' : 'prospect',
        ids: changed,
        tasks: tasks.map((task) => task.title),
      });
      return { updated: changed.length };
    },
  };
}

/** The route of a list's Assign to, documented the same way for prospects and leads. */
export function assignRouteOptions<B extends z.ZodType>(tag: string, noun: string, body: B) {
  return {
    schema: {
      tags: [tag],
      summary: `Assign to: hand the ${noun} named by ids (at most 10,000), or every ${noun.slice(0, -1)} of the list's filter, to a user of the tenant or to no one (null); only ${noun} the caller sees are assigned, and updated counts those that changed owner`,
      security: [{ bearerAuth: [] }],
      body,
      response: { 200: assignResponseSchema, ...errorResponses(400, 401, 403) },
    },
  };
}

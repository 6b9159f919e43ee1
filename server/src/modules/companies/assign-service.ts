import { randomUUID } from 'node:crypto';
import { assignResponseSchema, type AssignFilter, type AssignResponse, type AuditAction } from '@app/shared/contracts';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { leads, prospects } from '../../db/schema';
import { errorResponses } from '../../http/errors';
import type { ScopedDb } from '../../tenancy/database';
import { type AuditActor, auditRepository } from '../audit';
import { notifyAssigned } from '../notifications';
import { checkedOwner } from '../owners';
import { assignRecords, type AssignRounds } from './assign-records';

export interface AssignBody {
  owner_id: string | null;
  ids?: string[];
  filter?: AssignFilter;
}

/**
 * Assign to for one list: checks the owner and hands the records over in rounds; each round writes,
 * in its own transaction, one audit event (how many, to whom, the ids or the filter, and the records
 * it moved) and brings the new owner's one notification of the request up to date. `rounds` sets the
 * round size and a step run in each round's transaction (assignRecords). Each call on the caller's
 * database (request.db).
 */
export function companyAssigner(
  list: { table: typeof prospects | typeof leads; listed?: SQL; action: Extract<AuditAction, `${string}.assigned`>; targetType: string },
  rounds?: AssignRounds,
) {
  return {
    /** tenantId has been checked by the route (request.tenant). */
    async assign(db: ScopedDb, tenantId: string, body: AssignBody, actor: AuditActor): Promise<AssignResponse> {
      const owner = await checkedOwner(db, tenantId, body.owner_id);
      const entry = {
        tenantId,
        action: list.action,
        targetType: list.targetType,
        targetId: body.owner_id ?? 'none',
        targetName: owner ? owner.fullName || owner.email : 'Unassigned',
      };
      const asked = body.ids ? { ids: body.ids } : { filter: body.filter ?? {} };
      const handOver = { key: `assigned:${randomUUID()}`, count: 0, first: undefined as { id: string; name: string } | undefined, tasks: [] as string[] };
      const { changed } = await assignRecords(db, list.table, {
        tenantId,
        ownerId: body.owner_id,
        target: { ids: body.ids, filter: body.filter },
        listed: list.listed,
        rounds: {
          size: rounds?.size,
          // Each round's trail entry and the new owner's notification are written in the round's
          // transaction: a round stands with both or not at all, so an interrupted assign leaves
          // every record it moved audited (an entry per round, so no entry grows without bound).
          async inRound(tx, round) {
            if (round.changed.length > 0) {
              const records = [...round.changed].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
              const moved = round.tasks.map((task) => task.id);
              await auditRepository(tx).record(actor, {
                ...entry,
                details: {
                  updated: records.length,
                  ...(moved.length ? { tasks_moved: moved } : {}),
                  owner_id: body.owner_id,
                  records: records.map((record) => record.id),
                  record_names: records.map((record) => record.name),
                  ...asked,
                },
              });
              handOver.count += records.length;
              handOver.first ??= records[0];
              handOver.tasks.push(...round.tasks.map((task) => task.title));
              // The new owner hears of it once for the whole request, however many rounds it took, with the open tasks that came along.
              await notifyAssigned(tx, {
                tenantId,
                actorId: db.scope.userId,
                ownerId: body.owner_id,
                kind: list.action === 'lead.assigned' ? 'lead' : 'prospect',
                onceKey: handOver.key,
                count: handOver.count,
                first: handOver.first,
                tasks: handOver.tasks,
              });
            }
            await rounds?.inRound?.(tx, round);
          },
        },
      });
      // Nothing changed owner: the request is still on the trail, naming no records.
      if (changed.length === 0)
        await auditRepository(db).record(actor, { ...entry, details: { updated: 0, owner_id: body.owner_id, records: [], record_names: [], ...asked } });
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

import type { AssignFilter } from '@app/shared/contracts';
import { forbidden } from '../../lib/refusal';
import { and, asc, eq, getTableName, gt, sql, type SQL } from 'drizzle-orm';
import { BULK_ASSIGN_NEEDS_VISIBILITY } from '@app/shared/contracts';
import { leads, type prospects } from '../../db/schema';
import { rowsOf } from '../../db/raw-sql';
import { passOwnerWall, type ScopedDb, type ScopedTx } from '../../tenancy/database';
import { ownerFilter } from '../../tenancy/scope';
import { mayAssignInBulk } from '../../tenancy/visibility';
import { tasksRepository } from '../tasks';
import { companyFilters, filterConditions } from './company-record';

type CompanyRecords = typeof prospects | typeof leads;

/** The records an Assign to names: its ids, or every record of the list's filter. */
export interface AssignTarget {
  ids?: string[];
  filter?: AssignFilter;
}

/** Rows read and handed over per round: a whole `ids` request in one, a filter of a million rows in steps. */
export const ASSIGN_BATCH = 10_000;

/**
 * How an Assign to goes in rounds: `size` rows a round (ASSIGN_BATCH unless given), and `inRound`,
 * run in each round's transaction after its writes and before it commits (1 for the first round):
 * what it writes stands or falls with the round, and a throw ends the assign there, the rounds
 * before it kept (tests interrupt an assign this way).
 */
export interface AssignRounds {
  size?: number;
  inRound?: (tx: ScopedTx, round: AssignRound) => Promise<void>;
}

/** One committed-together round of an Assign to: the records it handed over, by id and name, and the tasks that went with them. */
export interface AssignRound {
  number: number;
  changed: Array<{ id: string; name: string }>;
  tasks: Array<{ id: string; title: string; recordId: string }>;
}

/** What an Assign to changed: the records that changed owner (each round's are handed to `inRound`). */
export interface AssignResult {
  changed: string[];
}

/**
 * Hands the records the caller (db.scope) sees among the target to `ownerId` (null: unassigned), with their
 * open tasks (tasks and callbacks owned by a record's previous owner go to the new one, in the same
 * transaction; an unassigned record's stay). Records of another tenant, those the caller may not
 * see and those the owner already has are left alone and not counted. `listed` is what a record
 * must be to be on its list (prospects: active ones). A filter's rows go in rounds (AssignRounds),
 * each its own transaction, handed with what it changed to `rounds.inRound` before it commits.
 * Answers the ids that changed owner. A user who sees only their own records hands over one
 * record at a time: a request that would change more is refused (403) with nothing changed.
 */
export async function assignRecords(
  db: ScopedDb,
  table: CompanyRecords,
  options: { tenantId: string; ownerId: string | null; target: AssignTarget; listed?: SQL; rounds?: AssignRounds },
): Promise<AssignResult> {
  const { tenantId, ownerId, target, listed } = options;
  const roundSize = options.rounds?.size ?? ASSIGN_BATCH;
  let roundNumber = 0;
  const { scope } = db;
  const chosen = target.ids
    ? [sql`${table.id} = any(${sql.param(target.ids)}::uuid[])`]
    : filterConditions(scope, table, tenantId, companyFilters({ ...target.filter, page: 1, limit: 1 }, {}, scope.userId ?? undefined));
  const changes = sql`${table.ownerId} is distinct from ${ownerId}::uuid`;
  const candidates = and(eq(table.tenantId, tenantId), listed, ownerFilter(table.ownerId, scope), changes, ...chosen)!;

  if (!mayAssignInBulk(scope)) {
    if ((target.ids?.length ?? 0) > 1) throw forbidden(BULK_ASSIGN_NEEDS_VISIBILITY);
    const some = await db.select({ id: table.id }).from(table).where(candidates).limit(2);
    if (some.length > 1) throw forbidden(BULK_ASSIGN_NEEDS_VISIBILITY);
  }

  const updated: string[] = [];
  const name = sql.raw(`"${getTableName(table)}"`);
  let after: string | undefined;
  for (;;) {
    // Read as the caller: the service's filter and the database's owner wall both decide what is seen.
    const rows = await db
      .select({ id: table.id })
      .from(table)
      .where(after ? and(candidates, gt(table.id, after)) : candidates)
      .orderBy(asc(table.id))
      .limit(roundSize);
    if (rows.length === 0) break;
    const ids = rows.map((row) => row.id);
    // Changed as the system, exactly those rows: an UPDATE that reads the table must leave each row
    // readable by its caller (PostgreSQL checks the new row against the SELECT policy), so a user
    // who sees only their own records could not hand one to a colleague as themselves. Each record's
    // open work goes with it in the same transaction.
    const round = await passOwnerWall(db, 'assigning records the caller sees', async (tx) => {
      const result = await tx.execute(sql`
        with previous as (
          select id, owner_id from ${name}
          where tenant_id = ${tenantId}::uuid and id = any(${sql.param(ids)}::uuid[]) and owner_id is distinct from ${ownerId}::uuid
          for update
        )
        update ${name} r set owner_id = ${ownerId}::uuid
        from previous where r.tenant_id = ${tenantId}::uuid and r.id = previous.id
        returning r.id, r.name, previous.owner_id as "previousOwner"`);
      const handed = rowsOf<{ id: string; name: string; previousOwner: string | null }>(result);
      const followed = ownerId ? await tasksRepository(tx).followRecords(tenantId, table === leads ? 'lead' : 'prospect', handed, ownerId) : [];
      await options.rounds?.inRound?.(tx, { number: ++roundNumber, changed: handed, tasks: followed });
      return handed;
    });
    updated.push(...round.map((record) => record.id));
    if (rows.length < roundSize) break;
    after = ids[ids.length - 1];
  }
  return { changed: updated };
}

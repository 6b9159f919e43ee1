import { COMPANY_FIELDS, PHONE_STORED_FIELDS } from '@app/shared/contracts';
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { prospectCounters, prospectOwnerCounters, prospects, UNASSIGNED_OWNER_KEY, type ProspectState } from '../../db/schema';
import type { ScopedDbOrTx } from '../../tenancy/database';
import { ownerFilter, ownersFilter, uuidArray, type Scope } from '../../tenancy/scope';
import { type CompanyPageResult, companyRecordsRepository, hasListFilters, type CompanyFilters, keptTotalPages } from '../companies';
import { rowsOf, toInt } from '../../db/raw-sql';

export type ProspectRow = typeof prospects.$inferSelect;
export type NewProspectValues = Omit<typeof prospects.$inferInsert, 'tenantId' | 'id'>;

/**
 * Written into the SQL, not sent as a parameter: only a literal lets PostgreSQL match the
 * partial indexes (WHERE state = 'active') in a plan it can reuse for every tenant.
 */
export const isActive = sql`${prospects.state} = 'active'`;

/** The columns a bulk insert fills from arrays, in the order of the unnest() call (phone_digits follows from phone1_e164). */
export const BULK_COLUMNS = [...COMPANY_FIELDS, ...PHONE_STORED_FIELDS] as const;
export type BulkColumn = (typeof BULK_COLUMNS)[number];
export type BulkRow = Record<BulkColumn, string | null>;

/** A duplicate check names at most this many prospects. */
export const DUPLICATES_SHOWN = 10;
export type ProspectDuplicateRow = Pick<ProspectRow, 'id' | 'name' | 'phone1' | 'phone1E164' | 'email' | 'phoneDigits'>;

/** The active prospects of these owners and the unassigned ones, from their counter rows. */
function visibleActiveTotal(tenantId: unknown, owners: SQL): SQL<number> {
  return sql<number>`(select coalesce(sum(${prospectOwnerCounters.active}), 0)::int from ${prospectOwnerCounters}
    where ${prospectOwnerCounters.tenantId} = ${tenantId} and (${prospectOwnerCounters.ownerKey} = ${UNASSIGNED_OWNER_KEY}::uuid or ${prospectOwnerCounters.ownerKey} = any(${owners})))`;
}

/** Who an upload's saved rows go to, in file order: one owner for all (or none), or a team in turn. */
export type UploadOwners = string | null | (string | null)[];

/** Prospects as the caller's database handle sees them (db.scope: the owners whose prospects they see). */
export function prospectsRepository(db: ScopedDbOrTx) {
  const records = companyRecordsRepository(db, prospects, isActive);
  const unfilteredPage = keptTotalPages(db, {
    table: 'prospects',
    where: (tenantId) => sql`${and(eq(prospects.tenantId, tenantId), isActive)}`,
    total: (tenantId) => sql`(select ${prospectCounters.active} from ${prospectCounters} where ${prospectCounters.tenantId} = ${tenantId})`,
  });
  // The list of a user who sees only some owners' prospects (own or team visibility): its total
  // is the sum of their owners' counter rows and the unassigned one's, and its page is read per
  // owner off prospects_active_owner_idx (the unassigned ones off prospects_active_unassigned_idx).
  const owners = sql.placeholder('owners');
  const visibleList = (shape: 'one' | 'many') =>
    keptTotalPages(db, {
      table: 'prospects',
      name: `prospects_visible_${shape}`,
      where: (tenantId) => sql`${and(eq(prospects.tenantId, tenantId), isActive, ownersFilter(prospects.ownerId, sql`${owners}::uuid[]`))}`,
      total: (tenantId) => visibleActiveTotal(tenantId, sql`${owners}::uuid[]`),
      // A user who sees one owner's (own visibility) gets a statement PostgreSQL plans once.
      perOwner: shape === 'one' ? { one: sql`(${owners}::uuid[])[1]` } : { many: sql`${owners}::uuid[]` },
    });
  const visiblePages = { one: visibleList('one'), many: visibleList('many') };
  return {
    ...records,

    /**
     * One page of the active prospects, newest first. Unfiltered (the hot path) is one prepared
     * statement that also reads the tenant's counter row for the total.
     */
    async page(tenantId: string, filters: CompanyFilters): Promise<CompanyPageResult> {
      if (hasListFilters(filters)) return records.page(tenantId, filters);
      const visible = db.scope.owners;
      if (visible === 'all') return unfilteredPage(tenantId, filters);
      return visiblePages[visible.length === 1 ? 'one' : 'many'](tenantId, filters, { owners: visible });
    },

    /** Row lock for changes that depend on the current state (status change, delete). */
    async lock(tenantId: string, id: string): Promise<{ state: ProspectState } | undefined> {
      const [row] = await db
        .select({ state: prospects.state })
        .from(prospects)
        .where(and(eq(prospects.tenantId, tenantId), eq(prospects.id, id), ownerFilter(prospects.ownerId, db.scope)))
        .for('update');
      return row;
    },

    async insert(tenantId: string, values: NewProspectValues): Promise<ProspectRow> {
      const [row] = await db
        .insert(prospects)
        .values({ ...values, tenantId })
        .returning();
      return row;
    },

    async update(tenantId: string, id: string, values: Partial<NewProspectValues>): Promise<boolean> {
      const rows = await db
        .update(prospects)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(prospects.tenantId, tenantId), eq(prospects.id, id), ownerFilter(prospects.ownerId, db.scope)))
        .returning({ id: prospects.id });
      return rows.length > 0;
    },

    /** Deletes the prospect (its lead and notes go with it); answers the state and name it had, none when there was no such prospect. */
    async delete(tenantId: string, id: string): Promise<{ state: ProspectState; name: string } | undefined> {
      const [row] = await db
        .delete(prospects)
        .where(and(eq(prospects.tenantId, tenantId), eq(prospects.id, id), ownerFilter(prospects.ownerId, db.scope)))
        .returning({ state: prospects.state, name: prospects.name });
      return row;
    },

    /** Names of the tenant's prospects that already hold these phone digits, by digits. */
    async phonesTaken(tenantId: string, digits: string[]): Promise<Map<string, string>> {
      const taken = new Map<string, string>();
      if (digits.length === 0) return taken;
      const result = await db.execute(
        sql`select phone_digits, name from prospects where tenant_id = ${tenantId} and phone_digits = any(${sql.param(digits)}::text[])`,
      );
      for (const row of rowsOf<{ phone_digits: string; name: string }>(result)) taken.set(row.phone_digits, row.name);
      return taken;
    },

    async phoneTakenBy(tenantId: string, digits: string, exceptId?: string): Promise<string | undefined> {
      if (!digits) return undefined;
      const [row] = await db
        .select({ id: prospects.id, name: prospects.name })
        .from(prospects)
        .where(and(eq(prospects.tenantId, tenantId), eq(prospects.phoneDigits, digits)))
        .limit(1);
      return row && row.id !== exceptId ? row.name : undefined;
    },

    /** The tenant's prospects (listed or not) holding these phone digits or this email (any case), phone matches first. */
    async duplicatesOf(tenantId: string, match: { digits: string; email: string }): Promise<ProspectDuplicateRow[]> {
      const email = match.email.toLowerCase();
      const byPhone = match.digits ? eq(prospects.phoneDigits, match.digits) : undefined;
      const byEmail = email ? sql`lower(${prospects.email}) = ${email}` : undefined;
      if (!byPhone && !byEmail) return [];
      return db
        .select({
          id: prospects.id,
          name: prospects.name,
          phone1: prospects.phone1,
          phone1E164: prospects.phone1E164,
          email: prospects.email,
          phoneDigits: prospects.phoneDigits,
        })
        .from(prospects)
        .where(and(eq(prospects.tenantId, tenantId), or(byPhone, byEmail)))
        .orderBy(sql`${prospects.phoneDigits} = ${match.digits} desc`, prospects.name)
        .limit(DUPLICATES_SHOWN);
    },

    /**
     * Inserts many rows in one statement: one array per column, unnest()ed back into rows
     * (a fraction of the cost of one INSERT per row). Rows whose phone another transaction
     * inserted meanwhile are skipped, not failed. Answers the phone digits of the rows inserted.
     * The first row of the upload gets the newest created_at, so the list shows it on top.
     * `owners`: one owner for every row (or null), or each row's.
     */
    async bulkInsert(
      tenantId: string,
      rows: BulkRow[],
      defaults: { statusId: string | null; stageId: string | null; importId: string; owners: UploadOwners },
    ): Promise<string[]> {
      if (rows.length === 0) return [];
      const arrays = BULK_COLUMNS.map((column) => sql`${sql.param(rows.map((row) => row[column]))}::text[]`);
      const { owners } = defaults;
      const ownerIds = rows.map((_, index) => (Array.isArray(owners) ? (owners[index] ?? null) : owners));
      const columns = sql.raw(BULK_COLUMNS.map((column) => `"${column}"`).join(', '));
      // updated_at equals created_at until someone changes the prospect: how a revert tells it was not worked.
      const result = await db.execute(sql`
        insert into prospects (tenant_id, ${columns}, status_id, pipeline_stage_id, import_id, owner_id, created_at, updated_at)
        select ${tenantId}::uuid, ${sql.raw(BULK_COLUMNS.map((column) => `u."${column}"`).join(', '))},
               ${defaults.statusId}::uuid, ${defaults.stageId}::uuid, ${defaults.importId}::uuid, u.owner_id,
               now() - u.ord * interval '1 microsecond', now() - u.ord * interval '1 microsecond'
        from unnest(${sql.join(arrays, sql`, `)}, ${sql.param(ownerIds)}::uuid[]) with ordinality as u(${columns}, owner_id, ord)
        on conflict (tenant_id, phone_digits) where phone_digits <> '' do nothing
        returning phone_digits`);
      return rowsOf<{ phone_digits: string }>(result).map((row) => row.phone_digits);
    },
  };
}

/**
 * Worked since its import: edited, moved or given a status (updated_at moved on), taken off the
 * list or made a lead (state), or anything in its history (status, stage, call, quotation) or a lead made from it.
 */
const worked = sql`(p.updated_at <> p.created_at or p.state <> 'active'
  or exists (select 1 from crm_activities a where a.tenant_id = p.tenant_id and a.prospect_id = p.id)
  or exists (select 1 from leads l where l.tenant_id = p.tenant_id and l.prospect_id = p.id))`;

/** The prospects an import created, for reverting it. */
export function importedProspectsRepository(db: ScopedDbOrTx) {
  return {
    /** Deletes the import's prospects nobody has worked; answers how many went. All of them were active. */
    async deleteUnworked(tenantId: string, importId: string): Promise<number> {
      const result = await db.execute(sql`
        delete from prospects p where p.tenant_id = ${tenantId} and p.import_id = ${importId} and not ${worked}
        returning p.id`);
      return rowsOf<{ id: string }>(result).length;
    },

    /** The import's prospects still there owned by others than `owners` (a scope's; unassigned ones everyone sees). */
    async countUnseen(tenantId: string, importId: string, owners: Scope['owners']): Promise<number> {
      const seen = ownersFilter(prospects.ownerId, owners);
      if (!seen) return 0;
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(prospects)
        .where(and(eq(prospects.tenantId, tenantId), eq(prospects.importId, importId), sql`not (${seen})`));
      return Number(row?.n ?? 0);
    },

    /** The import's prospects still there. */
    async countRemaining(tenantId: string, importId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(prospects)
        .where(and(eq(prospects.tenantId, tenantId), eq(prospects.importId, importId)));
      return Number(row?.n ?? 0);
    },
  };
}

/** The kept totals of active prospects (triggers on prospects keep them: 0032 and 0042). */
export function prospectCountersRepository(db: ScopedDbOrTx) {
  return {
    /** The active prospects the caller (db.scope) sees: the tenant's, or its owners' and the unassigned ones. */
    async visible(tenantId: string): Promise<number> {
      const { owners } = db.scope;
      if (owners === 'all') {
        const [row] = await db.select({ n: prospectCounters.active }).from(prospectCounters).where(eq(prospectCounters.tenantId, tenantId));
        return row?.n ?? 0;
      }
      const result = await db.execute(sql`select ${visibleActiveTotal(tenantId, uuidArray(owners))} as n`);
      return toInt(rowsOf<{ n: number }>(result)[0]?.n);
    },
  };
}

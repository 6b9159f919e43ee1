import { IMPORT_LIST_MAX, type RefusedRow, type WarnedRow } from '@app/shared/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { prospectImports, users } from '../../db/schema';
import { notFound } from '../../lib/refusal';
import type { ScopedDbOrTx } from '../../tenancy/database';
import { ownerFilter, tenantFilter } from '../../tenancy/scope';

export type ImportRow = typeof prospectImports.$inferSelect;
export type ImportView = Omit<ImportRow, 'refusedRows' | 'warnedRows' | 'rowsReceived' | 'createdBy' | 'revertedBy'> & {
  createdBy: string | null;
  revertedBy: string | null;
};

const creator = alias(users, 'creator');
const reverter = alias(users, 'reverter');
const personName = (person: { fullName: AnyPgColumn; email: AnyPgColumn }) => sql<string | null>`coalesce(nullif(${person.fullName}, ''), ${person.email})`;

/** The columns of the list: everything but the refused and warned rows, with the people by name. */
const viewColumns = {
  tenantId: prospectImports.tenantId,
  id: prospectImports.id,
  fileName: prospectImports.fileName,
  createdAt: prospectImports.createdAt,
  createdBy: personName(creator),
  rowsCreated: prospectImports.rowsCreated,
  rowsRefused: prospectImports.rowsRefused,
  rowsWarned: prospectImports.rowsWarned,
  revertedAt: prospectImports.revertedAt,
  revertedBy: personName(reverter),
  revertRemoved: prospectImports.revertRemoved,
  revertKept: prospectImports.revertKept,
};

/** A tenant's imports as the caller's database handle sees them (its scope: whose uploads). */
export function importsRepository(db: ScopedDbOrTx) {
  // An upload is its uploader's: a user who sees only some owners' records sees only their uploads
  // (and their refused and warned rows), as they see only those owners' prospects.
  const seen = () => ownerFilter(prospectImports.createdBy, db.scope);
  const byId = (tenantId: string, id: string) => and(eq(prospectImports.tenantId, tenantId), eq(prospectImports.id, id), seen());
  return {
    /** The tenant of an import looked up by id alone, when the caller sees it in a tenant they use; else not-found (`notFoundDetail`). */
    async visible(id: string, notFoundDetail: string): Promise<{ tenantId: string }> {
      const [row] = await db
        .select({ tenantId: prospectImports.tenantId })
        .from(prospectImports)
        .where(and(eq(prospectImports.id, id), tenantFilter(prospectImports.tenantId, db.scope), seen()))
        .limit(1);
      if (!row) throw notFound(notFoundDetail);
      return row;
    },

    async create(tenantId: string, values: { fileName: string; createdBy: string | null }): Promise<ImportRow> {
      const [row] = await db
        .insert(prospectImports)
        .values({ ...values, tenantId })
        .returning();
      return row;
    },

    /** Locks the import for a change that depends on it (a further slice, a revert). */
    async lock(tenantId: string, id: string): Promise<Pick<ImportRow, 'rowsReceived' | 'revertedAt' | 'createdBy'> | undefined> {
      const [row] = await db
        .select({ rowsReceived: prospectImports.rowsReceived, revertedAt: prospectImports.revertedAt, createdBy: prospectImports.createdBy })
        .from(prospectImports)
        .where(byId(tenantId, id))
        .for('update');
      return row;
    },

    /** Adds one slice of the file: its rows, what it created, the rows it refused and those it saved with warnings. */
    async addSlice(tenantId: string, id: string, slice: { received: number; created: number; refused: RefusedRow[]; warned: WarnedRow[] }): Promise<void> {
      await db
        .update(prospectImports)
        .set({
          rowsReceived: sql`${prospectImports.rowsReceived} + ${slice.received}`,
          rowsCreated: sql`${prospectImports.rowsCreated} + ${slice.created}`,
          rowsRefused: sql`${prospectImports.rowsRefused} + ${slice.refused.length}`,
          ...(slice.refused.length > 0 ? { refusedRows: sql`${prospectImports.refusedRows} || ${JSON.stringify(slice.refused)}::jsonb` } : {}),
          rowsWarned: sql`${prospectImports.rowsWarned} + ${slice.warned.length}`,
          ...(slice.warned.length > 0 ? { warnedRows: sql`${prospectImports.warnedRows} || ${JSON.stringify(slice.warned)}::jsonb` } : {}),
        })
        .where(byId(tenantId, id));
    },

    async markReverted(tenantId: string, id: string, revert: { by: string; removed: number; kept: number }): Promise<void> {
      await db
        .update(prospectImports)
        .set({ revertedAt: new Date(), revertedBy: revert.by, revertRemoved: revert.removed, revertKept: revert.kept })
        .where(byId(tenantId, id));
    },

    async list(tenantId: string): Promise<ImportView[]> {
      return db
        .select(viewColumns)
        .from(prospectImports)
        .leftJoin(creator, eq(creator.id, prospectImports.createdBy))
        .leftJoin(reverter, eq(reverter.id, prospectImports.revertedBy))
        .where(and(eq(prospectImports.tenantId, tenantId), seen()))
        .orderBy(desc(prospectImports.createdAt), desc(prospectImports.id))
        .limit(IMPORT_LIST_MAX);
    },

    async find(tenantId: string, id: string): Promise<ImportView | undefined> {
      const [row] = await db
        .select(viewColumns)
        .from(prospectImports)
        .leftJoin(creator, eq(creator.id, prospectImports.createdBy))
        .leftJoin(reverter, eq(reverter.id, prospectImports.revertedBy))
        .where(byId(tenantId, id));
      return row;
    },

    async refusedRows(tenantId: string, id: string): Promise<{ fileName: string; rows: RefusedRow[] } | undefined> {
      const [row] = await db.select({ fileName: prospectImports.fileName, rows: prospectImports.refusedRows }).from(prospectImports).where(byId(tenantId, id));
      return row;
    },

    async warnedRows(tenantId: string, id: string): Promise<{ fileName: string; rows: WarnedRow[] } | undefined> {
      const [row] = await db.select({ fileName: prospectImports.fileName, rows: prospectImports.warnedRows }).from(prospectImports).where(byId(tenantId, id));
      return row;
    },
  };
}

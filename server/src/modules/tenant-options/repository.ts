import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { leads, pipelineStages, prospects, statusOptions } from '../../db/schema';
import { notFound } from '../../lib/refusal';
import type { ScopedDbOrTx } from '../../tenancy/database';
import { tenantFilter } from '../../tenancy/scope';

export type OptionTable = typeof statusOptions | typeof pipelineStages;

export interface OptionKind {
  /** The column of prospects and leads that points at an option of this kind. */
  usedBy: 'statusId' | 'pipelineStageId';
  /** What an option must be, besides active, for new records to start with it. */
  initial?: SQL[];
}

/**
 * An option by id alone in a tenant the caller works in (its handle's scope); any other answers
 * not-found with `detail` (another tenant's id tells nothing).
 */
export async function visibleOption(db: ScopedDbOrTx, table: OptionTable, id: string, detail: string): Promise<{ id: string; tenantId: string; name: string }> {
  // drizzle's builders do not take a union of tables; both share the columns used here.
  const options = table as typeof statusOptions;
  const [row] = await db
    .select({ id: options.id, tenantId: options.tenantId, name: options.name })
    .from(options)
    .where(and(eq(options.id, id), tenantFilter(options.tenantId, db.scope)))
    .limit(1);
  if (!row) throw notFound(detail);
  return row;
}

/**
 * A tenant's status options or pipeline stages (other modules' transactions read and write them
 * too: any handle). Deleting one leaves the prospects and leads that
 * had it without one, in the same transaction (the service runs it in one).
 */
export function tenantOptionsRepository<T extends OptionTable>(db: DbOrTx, table: T, kind: OptionKind) {
  type Row = T['$inferSelect'];
  type Values = Partial<Omit<Row, 'id' | 'tenantId' | 'createdAt'>>;
  // drizzle's builders do not take a union of tables; both share the columns used here.
  const options = table as typeof statusOptions;
  const ofTenant = (tenantId: string, id: string) => and(eq(options.tenantId, tenantId), eq(options.id, id));

  const repository = {
    async list(tenantId: string): Promise<Row[]> {
      return db.select().from(options).where(eq(options.tenantId, tenantId)).orderBy(asc(options.sortOrder), asc(options.name));
    },

    async findById(tenantId: string, id: string): Promise<Row | undefined> {
      const [row] = await db.select().from(options).where(ofTenant(tenantId, id)).limit(1);
      return row;
    },

    /** The option new records start with: the first active one by sort order that meets `initial`. */
    async initialId(tenantId: string): Promise<string | null> {
      const [row] = await db
        .select({ id: options.id })
        .from(options)
        .where(and(eq(options.tenantId, tenantId), eq(options.isActive, true), ...(kind.initial ?? [])))
        .orderBy(asc(options.sortOrder), asc(options.createdAt))
        .limit(1);
      return row?.id ?? null;
    },

    async insert(tenantId: string, values: Values & { name: string }): Promise<Row> {
      const [row] = await db
        .insert(options)
        .values({ ...values, tenantId })
        .returning();
      return row;
    },

    async update(tenantId: string, id: string, values: Values): Promise<Row | undefined> {
      if (Object.keys(values).length === 0) return repository.findById(tenantId, id);
      const [row] = await db.update(options).set(values).where(ofTenant(tenantId, id)).returning();
      return row;
    },

    /** Prospects and leads that had the option keep existing without one. */
    async delete(tenantId: string, id: string): Promise<boolean> {
      for (const records of [prospects, leads]) {
        await db
          .update(records)
          .set({ [kind.usedBy]: null })
          .where(and(eq(records.tenantId, tenantId), eq(records[kind.usedBy], id)));
      }
      const rows = await db.delete(options).where(ofTenant(tenantId, id)).returning({ id: options.id });
      return rows.length > 0;
    },
  };
  return repository;
}

import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { savedViews, users } from '../../db/schema';
import { uuidArray } from '../../tenancy/scope';

export type SavedViewRow = typeof savedViews.$inferSelect & { userName: string };
export type SavedViewValues = Pick<SavedViewRow, 'userId' | 'name' | 'target' | 'query' | 'shared'>;

/** Whose views a user is offered: their own, and the shared ones of `sharers` ('all': anyone's). */
export interface ViewReader {
  userId: string;
  sharers: 'all' | string[];
}

const columns = {
  tenantId: savedViews.tenantId,
  id: savedViews.id,
  userId: savedViews.userId,
  name: savedViews.name,
  target: savedViews.target,
  query: savedViews.query,
  shared: savedViews.shared,
  createdAt: savedViews.createdAt,
  // The menu names who shared a view: the full name, else the address.
  userName: sql<string>`coalesce(nullif(${users.fullName}, ''), ${users.email})`,
};

function readable(reader: ViewReader): SQL {
  const shared =
    reader.sharers === 'all' ? eq(savedViews.shared, true) : and(eq(savedViews.shared, true), sql`${savedViews.userId} = any(${uuidArray(reader.sharers)})`);
  return or(eq(savedViews.userId, reader.userId), shared)!;
}

export function savedViewsRepository(db: DbOrTx) {
  const select = () => db.select(columns).from(savedViews).innerJoin(users, eq(users.id, savedViews.userId));

  return {
    /** The tenant of a view looked up by id alone: by-id calls check access with it first. */
    async tenantOf(id: string): Promise<string | undefined> {
      const [row] = await db.select({ tenantId: savedViews.tenantId }).from(savedViews).where(eq(savedViews.id, id)).limit(1);
      return row?.tenantId;
    },

    /** The reader's views, by name. */
    list(tenantId: string, reader: ViewReader, target?: SavedViewRow['target']): Promise<SavedViewRow[]> {
      return select()
        .where(and(eq(savedViews.tenantId, tenantId), target ? eq(savedViews.target, target) : undefined, readable(reader)))
        .orderBy(asc(sql`lower(${savedViews.name})`), asc(savedViews.createdAt));
    },

    async findById(tenantId: string, id: string): Promise<SavedViewRow | undefined> {
      const [row] = await select()
        .where(and(eq(savedViews.tenantId, tenantId), eq(savedViews.id, id)))
        .limit(1);
      return row;
    },

    async insert(tenantId: string, values: SavedViewValues): Promise<string> {
      const [row] = await db
        .insert(savedViews)
        .values({ ...values, tenantId })
        .returning({ id: savedViews.id });
      return row.id;
    },

    async delete(tenantId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(savedViews)
        .where(and(eq(savedViews.tenantId, tenantId), eq(savedViews.id, id)))
        .returning({ id: savedViews.id });
      return rows.length > 0;
    },
  };
}

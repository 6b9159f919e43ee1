import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import { savedViews, users } from '../../db/schema';
import type { ScopedDbOrTx } from '../../tenancy/database';
import { Refusal } from '../../lib/refusal';
import { uuidArray } from '../../tenancy/scope';
import { viewSharers } from '../../tenancy/visibility';

export type SavedViewRow = typeof savedViews.$inferSelect & { userName: string };
export type SavedViewValues = Pick<SavedViewRow, 'userId' | 'name' | 'target' | 'query' | 'shared'>;

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

/** The views the caller is offered: their own, and the shared ones of those whose views they see (tenancy/visibility.ts). */
function offered(db: ScopedDbOrTx): SQL {
  const sharers = viewSharers(db.scope);
  const shared = sharers === 'all' ? eq(savedViews.shared, true) : and(eq(savedViews.shared, true), sql`${savedViews.userId} = any(${uuidArray(sharers)})`);
  return db.scope.userId ? or(eq(savedViews.userId, db.scope.userId), shared)! : shared!;
}

/** A tenant's saved views as the caller's database handle sees them (its scope: whose views it is offered). */
export function savedViewsRepository(db: ScopedDbOrTx) {
  const select = () => db.select(columns).from(savedViews).innerJoin(users, eq(users.id, savedViews.userId));

  return {
    /** The caller's views of the tenant, by name. */
    list(tenantId: string, target?: SavedViewRow['target']): Promise<SavedViewRow[]> {
      return select()
        .where(and(eq(savedViews.tenantId, tenantId), target ? eq(savedViews.target, target) : undefined, offered(db)))
        .orderBy(asc(sql`lower(${savedViews.name})`), asc(savedViews.createdAt));
    },

    /**
     * A view by id alone that the caller sees, in a tenant they use: one they are offered, or any, for
     * an admin. Any other answers not-found (another tenant's id tells nothing).
     */
    async visible(id: string, notFound: string): Promise<SavedViewRow> {
      const { tenantIds, isAdmin } = db.scope;
      const [row] = await select()
        .where(
          and(
            eq(savedViews.id, id),
            tenantIds === 'all' ? undefined : sql`${savedViews.tenantId} = any(${uuidArray(tenantIds)})`,
            isAdmin ? undefined : offered(db),
          ),
        )
        .limit(1);
      if (!row) throw new Refusal('not-found', notFound);
      return row;
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

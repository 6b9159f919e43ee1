import { and, eq, not } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { statusOptions } from '../../db/schema';
import { tenantOptionsRepository } from '../tenant-options';

export type StatusOptionRow = typeof statusOptions.$inferSelect;
export type StatusOptionValues = Partial<
  Pick<StatusOptionRow, 'name' | 'description' | 'sortOrder' | 'isActive' | 'convertsToLead' | 'removesFromProspects' | 'isCallback'>
>;

/** New prospects start with the first active status that neither converts nor removes them. */
export function statusOptionsRepository(db: DbOrTx) {
  return {
    ...tenantOptionsRepository(db, statusOptions, {
      usedBy: 'statusId',
      initial: [not(statusOptions.convertsToLead), not(statusOptions.removesFromProspects)],
    }),

    /** The status a callback records (at most one per tenant, active or not), if the tenant flagged one. */
    async callbackStatus(tenantId: string): Promise<StatusOptionRow | undefined> {
      const [row] = await db
        .select()
        .from(statusOptions)
        .where(and(eq(statusOptions.tenantId, tenantId), eq(statusOptions.isCallback, true)))
        .limit(1);
      return row;
    },
  };
}

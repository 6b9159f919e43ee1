import { and, eq } from 'drizzle-orm';
import { prospects } from '../../db/schema';
import type { ScopedDbOrTx } from '../../tenancy/database';
import type { SupportMessageRow } from './repository';

/**
 * Whether the customer message is linked to a prospect that still exists. The link has no foreign
 * key (a message belongs to no tenant, and such a table cannot check a key against tenant rows once
 * those are distributed: db/distribution.ts), so a link to a prospect since deleted stays in the row
 * and counts as none: the message can be converted again, as when the key cleared it. Asked of the
 * whole database, not the reader's wall: a prospect the reader cannot see still holds the message.
 */
export async function isLinked(db: ScopedDbOrTx, message: Pick<SupportMessageRow, 'prospectTenantId' | 'prospectId'>): Promise<boolean> {
  const { prospectTenantId, prospectId } = message;
  if (!prospectTenantId || !prospectId) return false;
  const [row] = await db
    .asSystem('whether the prospect a customer message became still exists')
    .select({ id: prospects.id })
    .from(prospects)
    .where(and(eq(prospects.tenantId, prospectTenantId), eq(prospects.id, prospectId)))
    .limit(1);
  return row !== undefined;
}

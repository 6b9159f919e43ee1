import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { prospects } from '../../db/schema';
import { withSystemContext } from '../../db/wall/context';
import { conflict } from '../../http/errors';
import { seesOwner, type Scope } from '../../tenancy/scope';

export const phoneTakenDetail = (name: string) => `A prospect with this phone number already exists: ${name}.`;

/**
 * The record a Phone1 is written on: a prospect (its id once it exists), or a lead with the prospect
 * it was made from. `current`: the number it has now, which is not checked again (a lead from before
 * this rule may have another prospect's, and editing its other fields must not fail on it).
 */
export type PhoneWriter = { kind: 'prospect'; id?: string; current?: string | null } | { kind: 'lead'; prospectId?: string | null; current?: string | null };

/**
 * The one phone rule of prospects and leads, on adding and on editing either: a Phone1 that is the
 * number (E.164) another prospect of the tenant has as its Phone1 is refused, 409 `{detail}` naming
 * that prospect. Prospects hold the tenant's numbers (one each: the database's unique phone index,
 * and uploads check the same); a lead's own prospect, the one it was made from, is not another.
 * Every owner's prospects count (the check looks past the owner wall); one the user does not see is
 * called "another prospect".
 */
export async function assertPhoneFree(scope: Scope, db: Db, tenantId: string, phone1E164: string | null | undefined, writer: PhoneWriter): Promise<void> {
  if (!phone1E164 || phone1E164 === writer.current) return;
  const self = writer.kind === 'prospect' ? writer.id : writer.prospectId;
  const [holder] = await withSystemContext("the phone rule counts every owner's prospects", () =>
    db
      .select({ name: prospects.name, ownerId: prospects.ownerId })
      .from(prospects)
      // phone_digits <> '' lets the tenant's unique phone index answer.
      .where(
        and(
          eq(prospects.tenantId, tenantId),
          ne(prospects.phoneDigits, ''),
          eq(prospects.phoneDigits, phone1E164.slice(1)),
          self ? ne(prospects.id, self) : undefined,
        ),
      )
      .limit(1),
  );
  if (!holder) return;
  throw conflict(phoneTakenDetail(seesOwner(scope, holder.ownerId) ? holder.name : 'another prospect'));
}

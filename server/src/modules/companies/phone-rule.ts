import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/raw-sql';
import { leads, prospects } from '../../db/schema';
import { conflict } from '../../lib/refusal';
import type { ScopedDb, ScopedDbOrTx } from '../../tenancy/database';
import { seesOwner } from '../../tenancy/scope';

/** The kinds of record that hold a tenant's numbers. */
export type PhoneHolderKind = 'prospect' | 'lead';

/** A Phone1 refused: the field's name first, as every refusal naming a field (the forms show it beside Phone 1). */
export const phoneTakenDetail = (name: string, kind: PhoneHolderKind = 'prospect') => `phone1: A ${kind} with this phone number already exists: ${name}.`;

/** The same refusal when the holder is one the writer may not see: not named. */
export const phoneTakenByUnseenDetail = (kind: PhoneHolderKind) => phoneTakenDetail(`another ${kind}`, kind);

/**
 * The record a Phone1 is written on: a prospect (its id once it exists), or a lead (its id once it
 * exists) with the prospect it was made from. `current`: the number it has now, which is not checked
 * again (a lead from before this rule may share one, and editing its other fields must not fail on it).
 */
export type PhoneWriter =
  { kind: 'prospect'; id?: string; current?: string | null } | { kind: 'lead'; id?: string; prospectId?: string | null; current?: string | null };

/**
 * The one phone rule of prospects and leads, on adding and on editing either: a Phone1 belongs to
 * one company of the tenant, a prospect or a lead; a lead may keep the number of the prospect it
 * was made from (the same company). A number another prospect or lead holds is refused, 409 with
 * `{detail}` naming phone1 and the holder. Every owner's records count (the check looks past the
 * owner wall); one the writer (db.scope) does not see is called "another prospect" (or lead). The
 * database holds the same rule (migration 0056), also for two writers of one number at once.
 */
export async function assertPhoneFree(db: ScopedDb, tenantId: string, phone1E164: string | null | undefined, writer: PhoneWriter): Promise<void> {
  if (!phone1E164 || phone1E164 === writer.current) return;
  const holder = await phoneHolder(db, tenantId, phone1E164.slice(1), writer);
  if (!holder) return;
  throw conflict(seesOwner(db.scope, holder.ownerId) ? phoneTakenDetail(holder.name, holder.kind) : phoneTakenByUnseenDetail(holder.kind));
}

/** Another prospect or lead of the tenant holding these digits (prospects first), for the writer. */
export async function phoneHolder(
  db: ScopedDb,
  tenantId: string,
  digits: string,
  writer: PhoneWriter,
): Promise<{ kind: PhoneHolderKind; name: string; ownerId: string | null } | undefined> {
  if (!digits) return undefined;
  // The prospect of the writer's own company: the prospect itself, or the one the lead was made from.
  const ownProspect = writer.kind === 'prospect' ? writer.id : writer.prospectId;
  // The tenant is the writer's, checked by the route; within it every owner's records count.
  const system = db.asSystem("the phone rule counts every owner's records");
  const [prospect] = await system
    .select({ name: prospects.name, ownerId: prospects.ownerId })
    .from(prospects)
    // phone_digits <> '' lets the tenant's unique phone index answer.
    .where(
      and(
        eq(prospects.tenantId, tenantId),
        ne(prospects.phoneDigits, ''),
        eq(prospects.phoneDigits, digits),
        ownProspect ? ne(prospects.id, ownProspect) : undefined,
      ),
    )
    .limit(1);
  if (prospect) return { kind: 'prospect' as const, ...prospect };
  const [lead] = await system
    .select({ name: leads.name, ownerId: leads.ownerId })
    .from(leads)
    .where(
      and(
        eq(leads.tenantId, tenantId),
        ne(leads.phoneDigits, ''),
        eq(leads.phoneDigits, digits),
        writer.kind === 'lead' && writer.id ? ne(leads.id, writer.id) : undefined,
        // A prospect's own lead is the same company.
        writer.kind === 'prospect' && writer.id ? or(isNull(leads.prospectId), ne(leads.prospectId, writer.id)) : undefined,
      ),
    )
    .limit(1);
  return lead ? { kind: 'lead' as const, ...lead } : undefined;
}

/**
 * The leads of the tenant holding these phone digits (an upload's rows), whoever owns them, by digits.
 * Read in the caller's transaction (an upload's slice) through the phone rule's own function, which
 * looks past the owner wall but not the tenant wall (migration 0056): the upload names a lead only
 * when its uploader sees it.
 */
export async function leadPhonesHeld(db: ScopedDbOrTx, tenantId: string, digits: string[]): Promise<Map<string, { name: string; ownerId: string | null }>> {
  const held = new Map<string, { name: string; ownerId: string | null }>();
  if (digits.length === 0) return held;
  const result = await db.execute(sql`select digits, name, owner_id from orbitra_lead_phones(${tenantId}::uuid, ${sql.param(digits)}::text[])`);
  for (const row of rowsOf<{ digits: string; name: string; owner_id: string | null }>(result)) held.set(row.digits, { name: row.name, ownerId: row.owner_id });
  return held;
}

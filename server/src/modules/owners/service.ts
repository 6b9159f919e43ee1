import type { OwnerOptionList } from '@app/shared/contracts';
import { badRequest, forbidden } from '../../lib/refusal';
import type { ScopedDb, ScopedDbOrTx } from '../../tenancy/database';
import { seesOwner, type Scope } from '../../tenancy/scope';
import { ownersRepository, type OwnerRow } from './repository';

export const OWNER_NOT_IN_TENANT_DETAIL = 'owner_id: must be an active user of this tenant';
export const OWNER_NOT_VISIBLE_DETAIL = 'owner_id: records may be handed only to the users whose records you see';
export const TEAM_NOT_IN_TENANT_DETAIL = 'assign.team_id: Team not found.';
export const TEAM_WITHOUT_MEMBERS_DETAIL = 'assign.team_id: the team has no active members to hand rows to';
export const TEAM_NOT_VISIBLE_DETAIL = 'assign.team_id: rows may be handed only to a team whose members are all users whose records you see';

/**
 * The owner an assignment names: an active user of the tenant, or null (unassigned). A user of
 * another tenant, an unknown or a deactivated one is a 400: the id came from the caller's body.
 * The owner must also be one the caller (db.scope) sees (403 otherwise): records handed to someone
 * else would vanish from the caller's own lists, and the owner lists offer no one else.
 */
export async function checkedOwner(db: ScopedDbOrTx, tenantId: string, ownerId: string | null): Promise<OwnerRow | null> {
  if (ownerId === null) return null;
  const owner = await ownersRepository(db).find(tenantId, ownerId);
  if (!owner) throw badRequest(OWNER_NOT_IN_TENANT_DETAIL);
  if (!seesOwner(db.scope, owner.id)) throw forbidden(OWNER_NOT_VISIBLE_DETAIL);
  return owner;
}

/**
 * The members of a team of the tenant, in the order rows are handed to them (400 for no such team,
 * or none active). Handing rows to a team is an assignment to each member: `uploader` (whose upload
 * hands them rows) must see every one of them (403 otherwise), as for Assign to. An upload to a team
 * reads past the owner wall, so its handle's scope is the system's and the uploader's is passed on.
 */
export async function teamInTurn(db: ScopedDbOrTx, uploader: Scope, tenantId: string, teamId: string): Promise<OwnerRow[]> {
  const members = await ownersRepository(db).teamInTurn(tenantId, teamId);
  if (members === undefined) throw badRequest(TEAM_NOT_IN_TENANT_DETAIL);
  if (members.length === 0) throw badRequest(TEAM_WITHOUT_MEMBERS_DETAIL);
  if (!members.every((member) => seesOwner(uploader, member.id))) throw forbidden(TEAM_NOT_VISIBLE_DETAIL);
  return members;
}

/** Who may own a tenant's records, as the caller (request.db) may choose them. */
export const ownersService = {
  /**
   * tenantId has been checked by the route (request.tenant). Only the owners whose records the
   * caller sees: a colleague they cannot see would only ever filter to an empty list.
   */
  async list(db: ScopedDb, tenantId: string): Promise<OwnerOptionList> {
    const owners = (await ownersRepository(db).list(tenantId)).filter((owner) => seesOwner(db.scope, owner.id));
    return { owners: owners.map((owner) => ({ id: owner.id, full_name: owner.fullName, email: owner.email })) };
  },
};

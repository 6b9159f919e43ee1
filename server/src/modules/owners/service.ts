import type { OwnerOptionList } from '@app/shared/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { badRequest, forbidden } from '../../lib/refusal';
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
 * With a scope, the owner must also be one the scope sees (403 otherwise): records handed to
 * someone else would vanish from the viewer's own lists, and the owner lists offer no one else.
 */
export async function checkedOwner(db: DbOrTx, tenantId: string, ownerId: string | null, scope?: Scope): Promise<OwnerRow | null> {
  if (ownerId === null) return null;
  const owner = await ownersRepository(db).find(tenantId, ownerId);
  if (!owner) throw badRequest(OWNER_NOT_IN_TENANT_DETAIL);
  if (scope && !seesOwner(scope, owner.id)) throw forbidden(OWNER_NOT_VISIBLE_DETAIL);
  return owner;
}

/**
 * The members of a team of the tenant, in the order rows are handed to them (400 for no such team,
 * or none active). Handing rows to a team is an assignment to each member: the scope must see every
 * one of them (403 otherwise), as for Assign to.
 */
export async function teamInTurn(db: DbOrTx, scope: Scope, tenantId: string, teamId: string): Promise<OwnerRow[]> {
  const members = await ownersRepository(db).teamInTurn(tenantId, teamId);
  if (members === undefined) throw badRequest(TEAM_NOT_IN_TENANT_DETAIL);
  if (members.length === 0) throw badRequest(TEAM_WITHOUT_MEMBERS_DETAIL);
  if (!members.every((member) => seesOwner(scope, member.id))) throw forbidden(TEAM_NOT_VISIBLE_DETAIL);
  return members;
}

export function ownersService(db: Db) {
  return {
    /**
     * tenantId has been checked by the route (request.tenant). Only the owners whose records the
     * scope sees: a colleague they cannot see would only ever filter to an empty list.
     */
    async list(scope: Scope, tenantId: string): Promise<OwnerOptionList> {
      const owners = (await ownersRepository(db).list(tenantId)).filter((owner) => seesOwner(scope, owner.id));
      return { owners: owners.map((owner) => ({ id: owner.id, full_name: owner.fullName, email: owner.email })) };
    },
  };
}

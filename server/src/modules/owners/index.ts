/** Who may own a tenant's records: its active users, and a team's members in turn. The rest of the server imports this module through this file only. */
export { type OwnerRow } from './repository';
export { ownersRoutes } from './routes';
export {
  checkedOwner,
  OWNER_NOT_IN_TENANT_DETAIL,
  OWNER_NOT_VISIBLE_DETAIL,
  ownersService,
  TEAM_NOT_IN_TENANT_DETAIL,
  TEAM_NOT_VISIBLE_DETAIL,
  TEAM_WITHOUT_MEMBERS_DETAIL,
  teamInTurn,
} from './service';

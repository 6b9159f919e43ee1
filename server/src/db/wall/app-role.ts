/** The role the app works as: no login, no BYPASSRLS, owns nothing (drizzle/0011_tenant_wall.sql makes it). */
export const APP_ROLE = 'orbitra_app';

/**
 * As the owner: the role and its grants exist (again, after a restore into a fresh cluster). A
 * database from before the wall has no such function yet; its migrations bring it.
 */
export const ENSURE_APP_ROLE_SQL = "do $$ begin if to_regproc('orbitra_ensure_app_role') is not null then perform orbitra_ensure_app_role(); end if; end $$";

/** The role the app works as: no login, no BYPASSRLS, owns nothing (drizzle/0011_tenant_wall.sql makes it). */
export const APP_ROLE = 'orbitra_app';

/**
 * As the owner: the role and its grants exist, and search's LIKE is leakproof where the owner may
 * mark it (again, after a restore into a fresh cluster). A database from before the wall or the
 * search column has no such functions yet; its migrations bring them.
 */
export const ENSURE_APP_ROLE_SQL =
  "do $$ begin if to_regproc('orbitra_ensure_app_role') is not null then perform orbitra_ensure_app_role(); end if; " +
  // Search's leakproof LIKE (migration 0014): a dump does not carry a built-in function's flags.
  "if to_regproc('orbitra_search_leakproof') is not null then perform orbitra_search_leakproof(); end if; end $$";

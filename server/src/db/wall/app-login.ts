import { ConfigError } from '../../config';
import type { DatabaseHandle } from '../client';
import { APP_ROLE } from './app-role';

interface LoginFacts {
  login: string;
  super: boolean;
  bypass: boolean;
  member: boolean;
  owned: number;
}

/**
 * With DATABASE_APP_URL the pool logs in as a role of its own, so a connection of the app can never
 * become the owner again (`RESET ROLE` returns to the login, not to the owner). That login must not
 * undo the wall: no superuser, no BYPASSRLS, owner of nothing, a member of the app role. Checked once
 * at start; the server does not start otherwise.
 */
export async function checkAppLogin(handle: Pick<DatabaseHandle, 'appLogin' | 'pool'>): Promise<void> {
  if (!handle.appLogin) return;
  let facts: LoginFacts;
  try {
    const result = await handle.pool.query<LoginFacts>(
      `select session_user as login, r.rolsuper as super, r.rolbypassrls as bypass, pg_has_role(session_user, $1, 'MEMBER') as member,
              (select count(*)::int from pg_class c where c.relowner = r.oid) as owned
         from pg_roles r where r.rolname = session_user`,
      [APP_ROLE],
    );
    facts = result.rows[0];
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError(`DATABASE_APP_URL cannot connect as the app (${reason}); its login must be a member of ${APP_ROLE}.`);
  }
  const wrong = [
    facts.super && 'is a superuser',
    facts.bypass && 'may bypass row-level security',
    facts.owned > 0 && `owns ${facts.owned} object(s) of the database`,
    !facts.member && `is not a member of ${APP_ROLE}`,
  ].filter(Boolean);
  if (wrong.length > 0)
    throw new ConfigError(`DATABASE_APP_URL logs in as "${facts.login}", which ${wrong.join(', ')}: the app's own login must be none of these.`);
}

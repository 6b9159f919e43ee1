import { ConfigError } from '../../config';
import type { DatabaseHandle } from '../client';
import { APP_ROLE } from './app-role';
import { isDatabaseUnavailable } from '../database-away';

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
export async function checkAppLogin(handle: Pick<DatabaseHandle, 'appLogin' | 'pool'>, variable = 'DATABASE_APP_URL'): Promise<void> {
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
    throw new ConfigError(`${variable} cannot connect as the app (${reason}); its login must be a member of ${APP_ROLE}.`);
  }
  const wrong = [
    facts.super && 'is a superuser',
    facts.bypass && 'may bypass row-level security',
    facts.owned > 0 && `owns ${facts.owned} object(s) of the database`,
    !facts.member && `is not a member of ${APP_ROLE}`,
  ].filter(Boolean);
  if (wrong.length > 0) throw new ConfigError(`${variable} logs in as "${facts.login}", which ${wrong.join(', ')}: the app's own login must be none of these.`);
}

/**
 * The replica's login (DATABASE_READ_APP_URL) is held to the same rules. A replica not answering at
 * start is no reason not to start (its reads go to the primary meanwhile): `log` is told, and the check
 * is skipped.
 */
export async function checkReadAppLogin(handle: Pick<DatabaseHandle, 'readAppLogin' | 'readPool'>, log: (line: string) => void): Promise<void> {
  if (!handle.readPool || !handle.readAppLogin) return;
  const readPool = handle.readPool;
  try {
    await readPool.query('select 1');
  } catch (error) {
    if (!isDatabaseUnavailable(error))
      throw new ConfigError(`DATABASE_READ_APP_URL cannot connect as the app (${error instanceof Error ? error.message : String(error)}).`);
    log(`The read replica (DATABASE_READ_URL) does not answer at start: reports, exports and dashboard counts read the primary until it does.`);
    return;
  }
  await checkAppLogin({ appLogin: true, pool: readPool }, 'DATABASE_READ_APP_URL');
}

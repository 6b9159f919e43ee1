import pg from 'pg';
import { APP_ROLE } from '../db/wall/app-role';

/** The login the tests give the app on PostgreSQL (DATABASE_APP_URL): a member of the app role, nothing more. */
export const TEST_APP_LOGIN = 'orbitra_app_login_test';
/** The test logins' password (the test clusters ask for one, as the embedded default does). */
const TEST_LOGIN_PASSWORD = 'app-login-test-password';

/**
 * Makes the login (roles are cluster-wide: once per cluster, whichever test comes first) and answers
 * `databaseUrl` with that user instead of the owner. The app role must exist (a migrated database).
 */
export async function appLoginUrl(databaseUrl: string, login = TEST_APP_LOGIN, memberOfApp = true): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `do $$ begin
         create role ${login} login nosuperuser nobypassrls;
       exception when duplicate_object or unique_violation then null;
       end $$`,
    );
    await client.query(`alter role ${login} password '${TEST_LOGIN_PASSWORD}'`);
    await client.query(memberOfApp ? `grant ${APP_ROLE} to ${login}` : `revoke ${APP_ROLE} from ${login}`);
  } finally {
    await client.end();
  }
  const url = new URL(databaseUrl);
  url.username = login;
  url.password = TEST_LOGIN_PASSWORD;
  return url.toString();
}

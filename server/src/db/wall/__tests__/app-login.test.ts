import { sql } from 'drizzle-orm';
import { ConfigError } from '../../../config';
import { openPostgres, withReadReplica, type DatabaseHandle } from '../../client';
import { prospects } from '../../schema';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-db';
import { appLoginUrl } from '../../../testing/app-login-role';
import { checkAppLogin, checkReadAppLogin } from '../app-login';
import { systemContext } from '../context';
import { seedDemo } from '../../../seed/seed';

describe('the app logging in as its own role (DATABASE_APP_URL)', () => {
  let database: TestDatabase;
  let ownerUrl: string;
  const opened: DatabaseHandle[] = [];
  const open = (appUrl: string) => {
    const handle = openPostgres(ownerUrl, appUrl, { poolSize: 2 });
    opened.push(handle);
    return handle;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    ownerUrl = database.handle.url;
    await seedDemo(database.handle, { crmSample: true });
  });
  afterAll(async () => {
    for (const handle of opened) await handle.close();
    await database.dispose();
  });

  test('a member of the app role is accepted, and RESET ROLE on its connection still sees no row without a context', async () => {
    const handle = open(await appLoginUrl(ownerUrl));
    await expect(checkAppLogin(handle)).resolves.toBeUndefined();
    const seen = await handle.contextDb(systemContext('test')).select({ id: prospects.id }).from(prospects);
    expect(seen.length).toBeGreaterThan(0);
    const client = await handle.pool.connect();
    try {
      const who = await client.query('select current_user as role, session_user as login');
      expect(who.rows[0]).toEqual({ role: 'orbitra_app', login: 'orbitra_app_login_test' });
      await client.query('reset role');
      const after = await client.query(
        'select r.rolsuper as super, r.rolbypassrls as bypass, (select count(*)::int from prospects) as rows from pg_roles r where r.rolname = current_user',
      );
      expect(after.rows[0]).toEqual({ super: false, bypass: false, rows: 0 });
    } finally {
      client.release(true);
    }
  });

  test('the owner, or a login outside the app role, is refused with the reason', async () => {
    await expect(checkAppLogin(open(ownerUrl))).rejects.toThrow(ConfigError);
    await expect(checkAppLogin(open(ownerUrl))).rejects.toThrow(/is a superuser|owns \d+ object/);
    const outsider = await appLoginUrl(ownerUrl, 'orbitra_app_outsider_test', false);
    await expect(checkAppLogin(open(outsider))).rejects.toThrow(/must be a member of orbitra_app/);
  });

  test('the replica’s login (DATABASE_READ_APP_URL) is held to the same rules; a replica away at start is told and skipped', async () => {
    const withReads = (readAppUrl: string, readUrl = ownerUrl) => {
      // Closed once, through the replica's handle, which closes the primary's with it.
      const handle = withReadReplica(openPostgres(ownerUrl, ownerUrl, { poolSize: 2 }), readUrl, readAppUrl, { poolSize: 1 });
      opened.push(handle);
      return handle;
    };
    const told: string[] = [];
    await expect(checkReadAppLogin(withReads(await appLoginUrl(ownerUrl)), (line) => told.push(line))).resolves.toBeUndefined();
    await expect(checkReadAppLogin(withReads(ownerUrl), (line) => told.push(line))).rejects.toThrow(
      /^DATABASE_READ_APP_URL logs in as .*(is a superuser|owns \d+ object)/,
    );
    expect(told).toEqual([]);
    const away = new URL(ownerUrl);
    away.port = '1';
    await expect(checkReadAppLogin(withReads(away.toString(), away.toString()), (line) => told.push(line))).resolves.toBeUndefined();
    expect(told).toEqual([expect.stringMatching(/^The read replica \(DATABASE_READ_URL\) does not answer at start/)]);
  });

  test('the app’s login cannot change the schema', async () => {
    const handle = open(await appLoginUrl(ownerUrl));
    await expect(handle.contextDb(systemContext('test')).execute(sql`create table app_login_probe (id int)`)).rejects.toThrow();
  });
});

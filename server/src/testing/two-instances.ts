import { call, childDatabase, startChildServer, type ChildDatabase, type ChildServer } from './child-server';
import { appLoginUrl } from './app-login-role';
import { tempDir, TEST_SECRET } from './test-app';

export interface InstanceRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  token?: string;
  body?: unknown;
}

/** One instance of the server, as a client of it sees it. */
export interface Instance {
  request(options: InstanceRequest): Promise<{ status: number; body: unknown; headers: Record<string, string | number | string[] | undefined> }>;
}

export interface TwoInstances {
  /** The database both use, for a tool of its own (the release commands). */
  databaseUrl: string;
  a: Instance;
  b: Instance;
  close(): Promise<void>;
}

export interface TwoInstancesOptions {
  sessionCacheTtlMs: number;
  /** Settings both instances start with (the same bucket, say). */
  env?: NodeJS.ProcessEnv;
}

/**
 * Generous, so the tests' own sign-ins never meet the per-address login limit; the other limits are
 * the production ones (5 failed logins lock an account, 5 contact form sends per address).
 */
const LOGIN_PER_IP = 1000;

/**
 * Two instances of the app on one database: two real server processes on two ports, sharing nothing
 * but their PostgreSQL database.
 */
export async function startTwoInstances(options: TwoInstancesOptions): Promise<TwoInstances> {
  const folder = tempDir('orbitra-two-instances-');
  let database: ChildDatabase | undefined;
  const servers: ChildServer[] = [];
  try {
    database = await childDatabase();
    const env = {
      ...database.env,
      ...options.env,
      DATA_DIR: folder.dir,
      // What every instance behind one balancer must share: the signing key.
      AUTH_SECRET: TEST_SECRET,
      SESSION_CACHE_TTL_MS: String(options.sessionCacheTtlMs),
      LOGIN_LIMIT_PER_IP_PER_MINUTE: String(LOGIN_PER_IP),
    };
    // One after the other: the first migrates and seeds, the second finds both done. The second logs
    // in as the app's own role (DATABASE_APP_URL), the first as the owner switched to it.
    servers.push(await startChildServer(env));
    servers.push(await startChildServer({ ...env, DATABASE_APP_URL: await appLoginUrl(String(database.env.DATABASE_URL)) }));
  } catch (error) {
    for (const server of servers) server.process.kill('SIGKILL');
    await database?.dispose();
    folder.remove();
    throw error;
  }
  const instance = (server: ChildServer): Instance => ({
    async request({ method, path, token, body }) {
      const answer = await call(server.port, { method, path, token, body });
      return { status: answer.status, body: answer.body ? (JSON.parse(answer.body) as unknown) : undefined, headers: answer.headers };
    },
  });
  return {
    databaseUrl: String(database.env.DATABASE_URL),
    a: instance(servers[0]),
    b: instance(servers[1]),
    async close() {
      for (const server of servers) {
        server.process.kill('SIGTERM');
        await server.exited;
      }
      await database!.dispose();
      folder.remove();
    },
  };
}

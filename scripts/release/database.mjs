// The server's database, where the release manifest (live, previous, canary, history) and the browsers'
// failure reports are kept: the commands read and change the same row as every server instance.
import { createRequire } from 'node:module';
import path from 'node:path';
import { REPO_ROOT, ReleaseError } from './remotes.mjs';

const { Client } = createRequire(path.join(REPO_ROOT, 'server', 'package.json'))('pg');

export const NO_DATABASE =
  "The release manifest is kept in the server's database: set DATABASE_URL to the database the server uses (the same owner's URL it starts with). While the server runs on its embedded database, change releases from Admin → Releases.";

/** PostgreSQL's "no such table": the database was not migrated by a server of this version yet. */
const UNDEFINED_TABLE = '42P01';

/**
 * One connection to DATABASE_URL. `transaction(work)` runs `work(query)` in a transaction and commits,
 * or rolls back what it did when it throws; the password in the URL is never printed.
 */
export async function openDatabase(env = process.env) {
  if (!env.DATABASE_URL) throw new ReleaseError(NO_DATABASE, 'unavailable');
  const client = new Client({ connectionString: env.DATABASE_URL, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new ReleaseError(`The database of DATABASE_URL cannot be reached (${error.message}).`, 'unavailable');
  }
  const query = async (text, params) => {
    try {
      return (await client.query(text, params)).rows;
    } catch (error) {
      if (error.code === UNDEFINED_TABLE) {
        throw new ReleaseError(
          `The database of DATABASE_URL has no ${/relation "([^"]+)"/.exec(error.message)?.[1] ?? 'release'} table: start the server of this version on it once (it migrates the database), then try again.`,
          'unavailable',
        );
      }
      throw error;
    }
  };
  return {
    query,
    async transaction(work) {
      await client.query('begin');
      try {
        const result = await work(query);
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      }
    },
    close: () => client.end().catch(() => {}),
  };
}

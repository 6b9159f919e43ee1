// Browsers that reported each version failing over the last 24 hours (one per reporter, as the Releases page counts them), read from the server's PostgreSQL database.
// The embedded database belongs to the running server alone, so without DATABASE_URL there are none to show.
import { createRequire } from 'node:module';
import path from 'node:path';
import { REPO_ROOT } from './remotes.mjs';

/** @returns {Promise<Record<string, number> | null>} counts by version, or null when the database cannot be read */
export async function failureCounts(remote, env = process.env) {
  if (!env.DATABASE_URL) return null;
  const { Client } = createRequire(path.join(REPO_ROOT, 'server', 'package.json'))('pg');
  const client = new Client({ connectionString: env.DATABASE_URL });
  try {
    await client.connect();
    const { rows } = await client.query(
      "select version, count(distinct coalesce(reporter, id::text))::int as count from release_failures where remote = $1 and created_at >= now() - interval '24 hours' group by version",
      [remote],
    );
    return Object.fromEntries(rows.map((row) => [row.version, row.count]));
  } catch (error) {
    console.warn(`Failure counts could not be read (${error.message}).`);
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

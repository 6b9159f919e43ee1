import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { pgliteExtensions } from '../db/client';
import { ENSURE_APP_ROLE_SQL } from '../db/wall/app-role';

/**
 * Creating a PGlite database (initdb) takes seconds; loading a dump takes a fraction of one.
 * So the migrations run once here and every test file starts from a copy of the result.
 * With DATABASE_URL set, test files create their own PostgreSQL databases instead.
 */
export default async function globalSetup(_globalConfig: unknown, projectConfig: { rootDir: string }) {
  if (process.env.DATABASE_URL) return;
  const client = await PGlite.create({ extensions: pgliteExtensions });
  try {
    await migrate(drizzle({ client }), { migrationsFolder: path.join(projectConfig.rootDir, 'drizzle') });
    // As runMigrations does: tables made after the wall's migration get the app role's grants too.
    await client.exec(ENSURE_APP_ROLE_SQL);
    const dump = await client.dumpDataDir('none');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbitra-pglite-template-'));
    const file = path.join(dir, 'template.tar');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    process.env.PGLITE_TEMPLATE = file;
  } finally {
    await client.close();
  }
}

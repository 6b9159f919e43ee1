import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { pgliteExtensions } from '../db/client';
import { ENSURE_APP_ROLE_SQL } from '../db/wall/app-role';
import { adminQuery, withDatabase } from './postgres-admin';

/**
 * Creating a database and running every migration takes seconds; copying a migrated one takes a
 * fraction of that. So the migrations run once here and every test file starts from a copy: on
 * PGlite a dump of the migrated database, on PostgreSQL (DATABASE_URL set) a template database
 * that each test file's own database is created from. (Jest's module mapping does not apply here,
 * so this cannot import db/migrate.ts: it migrates as runMigrations does on an empty database.)
 */
export default async function globalSetup(_globalConfig: unknown, projectConfig: { rootDir: string }) {
  const migrationsFolder = path.join(projectConfig.rootDir, 'drizzle');
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `orbitra_template_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
    await adminQuery(serverUrl, `CREATE DATABASE "${name}"`);
    const client = new pg.Client({ connectionString: withDatabase(serverUrl, name) });
    await client.connect();
    try {
      await migratePostgres(drizzlePostgres({ client }), { migrationsFolder });
      await client.query(ENSURE_APP_ROLE_SQL);
    } finally {
      await client.end();
    }
    process.env.POSTGRES_TEST_TEMPLATE = name;
    return;
  }
  const client = await PGlite.create({ extensions: pgliteExtensions });
  try {
    await migrate(drizzle({ client }), { migrationsFolder });
    // As runMigrations does: tables made after the wall's migration get the app role's grants too.
    await client.exec(ENSURE_APP_ROLE_SQL);
    // Written to the data files now, so a copy opens without first replaying the migrations' WAL
    // (crash recovery): that replay took most of each test file's database start.
    await client.exec('checkpoint');
    const dump = await client.dumpDataDir('none');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbitra-pglite-template-'));
    const file = path.join(dir, 'template.tar');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    process.env.PGLITE_TEMPLATE = file;
  } finally {
    await client.close();
  }
}

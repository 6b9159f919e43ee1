import fs from 'node:fs';
import path from 'node:path';
import { adminQuery } from './postgres-admin';

export default async function globalTeardown() {
  const file = process.env.PGLITE_TEMPLATE;
  if (file && path.basename(path.dirname(file)).startsWith('orbitra-pglite-template-')) {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
  const template = process.env.POSTGRES_TEST_TEMPLATE;
  const serverUrl = process.env.DATABASE_URL;
  if (template && serverUrl) await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
}

import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { systemContext } from '../db/wall/context';
import { migrationsFolder } from '../server-paths';
import type { TestDatabase } from './test-db';

/** Runs the statements of one migration file again, as the migrator would (as the owner: every tenant). */
export async function runMigrationFile(database: TestDatabase, name: string): Promise<void> {
  const text = fs.readFileSync(path.join(migrationsFolder, name), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) await database.handle.contextDb(systemContext('migration')).execute(sql.raw(statement));
}

import { sql } from 'drizzle-orm';
import type { Database } from '../../tenancy/database';

/** The probe of this server's database: a trivial statement, asked as the system (a load balancer is nobody). */
export function databaseProbe(database: Database): () => Promise<unknown> {
  const db = database.asSystem('health probe');
  return () => db.execute(sql`select 1`);
}

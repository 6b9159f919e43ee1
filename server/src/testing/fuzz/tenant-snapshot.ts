import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/raw-sql';

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const uuidText = (id: string) => id.replace(/'/g, '');

async function tablesWith(db: Db, column?: string): Promise<string[]> {
  const rows = rowsOf<{ table_name: string }>(
    await db.execute(
      column
        ? sql`select distinct table_name from information_schema.columns where table_schema = 'public' and column_name = ${column} order by table_name`
        : sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    ),
  );
  return rows.map((r) => r.table_name);
}

/**
 * Every row a tenant owns (each table with a tenant_id column, and the tenant itself), as a count
 * and a digest per table: two snapshots are equal only if nothing of the tenant changed. The
 * notifications of `callers` are left out: reading their own bell marks them read and tells them of
 * what came due meanwhile, their own state rather than the tenant's; everyone else's are kept.
 */
export async function tenantSnapshot(db: Db, tenantId: string, callers: readonly string[] = []): Promise<Record<string, string>> {
  const snapshot: Record<string, string> = {};
  // The audit trail is left out: it is meant to grow with every call worth recording (a sign-in
  // of the tenant's own user among them), and no call can change or delete what it holds.
  const tables = (await tablesWith(db, 'tenant_id')).filter((table) => table !== 'audit_events');
  for (const table of [...tables, 'tenants']) {
    const column = table === 'tenants' ? 'id' : 'tenant_id';
    const [row] = rowsOf<{ n: unknown; digest: string | null }>(
      await db.execute(
        sql.raw(
          `select count(*) as n, md5(string_agg(t::text, '|' order by t::text)) as digest from ${quote(table)} t where ${quote(column)} = '${uuidText(tenantId)}'` +
            (table === 'notifications' && callers.length ? ` and user_id not in (${callers.map((id) => `'${uuidText(id)}'`).join(', ')})` : ''),
        ),
      ),
    );
    snapshot[table] = `${Number(row.n)} rows, ${row.digest ?? '-'}`;
  }
  return snapshot;
}

/** Tables holding a U+FFFD, what an unpaired surrogate turns into when it is written as UTF-8. */
export async function tablesWithReplacementCharacter(db: Db): Promise<string[]> {
  const found: string[] = [];
  for (const table of await tablesWith(db)) {
    const [row] = rowsOf<{ n: unknown }>(await db.execute(sql.raw(`select count(*) as n from ${quote(table)} t where strpos(t::text, chr(65533)) > 0`)));
    if (Number(row.n) > 0) found.push(table);
  }
  return found;
}

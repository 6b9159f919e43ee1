import pg from 'pg';

/** Each table as its row count and a digest of its rows. */
export type Contents = Record<string, string>;

/**
 * Every table of every schema (the app's, the migrations', the queue's if any), each as its row count
 * and a digest of its rows, read in one snapshot as `url`'s user (a superuser sees past the wall).
 */
export async function databaseContents(url: string): Promise<Contents> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    await client.query("select set_config('orbitra.scope', 'system', true)");
    const tables = await client.query<{ name: string }>(
      "select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1",
    );
    const out: Contents = {};
    for (const { name } of tables.rows) {
      const { rows } = await client.query<{ n: string; digest: string | null }>(
        `select count(*) as n, md5(string_agg(t::text, '|' order by t::text)) as digest from ${name} t`,
      );
      out[name] = `${rows[0].n} rows, ${rows[0].digest ?? '-'}`;
    }
    await client.query('rollback');
    return out;
  } finally {
    await client.end();
  }
}

/** The tables whose rows differ between two readings, with both readings. */
export function contentDifferences(a: Contents, b: Contents): Record<string, [string | undefined, string | undefined]> {
  const names = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  return Object.fromEntries(names.filter((name) => a[name] !== b[name]).map((name) => [name, [a[name], b[name]]]));
}

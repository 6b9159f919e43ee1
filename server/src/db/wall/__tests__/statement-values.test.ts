import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../testing/test-app';

describe('values of a statement behind the wall', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const hostile = [
    "'; drop table prospects; --",
    "\\'; drop table prospects; --",
    'back\\slash at the end\\',
    '$1 $2 $$ dollar',
    '-- a comment /* and a block',
    'emoji 🎉 and accents éàü',
    'quote " double',
    "E'x'",
  ];

  test.each(hostile)('a text value comes back exactly as sent: %s', async (value) => {
    const rows = await t.db.execute(sql`select ${value}::text as v, length(${value}::text) as n`);
    const [row] = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as { v: string; n: number | string }[];
    expect(row.v).toBe(value);
    expect(Number(row.n)).toBe([...value].length);
    const tables = await t.db.execute(sql`select count(*)::int as n from pg_tables where tablename = 'prospects'`);
    const [table] = (Array.isArray(tables) ? tables : (tables as { rows: unknown[] }).rows) as { n: number }[];
    expect(table.n).toBe(1);
  });

  test('numbers, booleans, nulls, arrays and dates take their type from the statement', async () => {
    const when = new Date('2026-03-04T05:06:07.000Z');
    const rows = await t.db.execute(
      sql`select ${41}::int + 1 as n, ${true}::boolean as b, ${null}::text is null as nil, array_length(${sql.param(['a', 'b', 'c'])}::text[], 1) as len, extract(epoch from ${when}::timestamptz)::bigint as epoch`,
    );
    const [row] = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as Record<string, unknown>[];
    expect(Number(row.n)).toBe(42);
    expect(row.b).toBe(true);
    expect(row.nil).toBe(true);
    expect(Number(row.len)).toBe(3);
    expect(Number(row.epoch)).toBe(when.getTime() / 1000);
  });
});

import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { withSystemContext } from '../context';
import { inlineParams } from '../inline-params';

describe('inlineParams', () => {
  test('puts each value as a quoted literal where its placeholder stands', () => {
    expect(inlineParams('select * from t where a = $1 and b = $2 limit $3', ['x', 5, null])).toBe("select * from t where a =  'x' and b =  '5' limit  NULL");
  });

  test('doubles quotes and keeps backslashes literal in an escape string', () => {
    expect(inlineParams('select $1', ["it's"])).toBe("select  'it''s'");
    expect(inlineParams('select $1', ['a\\b'])).toBe("select  E'a\\\\b'");
  });

  test('leaves placeholders inside literals, quoted names and comments alone', () => {
    expect(inlineParams(`select '$1', "$1" from t -- $1\nwhere a = $1`, ['v'])).toBe(`select '$1', "$1" from t -- $1\nwhere a =  'v'`);
    expect(inlineParams(`select 'it''s $1' where a = $1`, ['v'])).toBe(`select 'it''s $1' where a =  'v'`);
  });

  test('converts values as node-postgres does: dates, arrays, objects, booleans', () => {
    expect(inlineParams('select $1, $2, $3', [['a', 'b'], { k: 1 }, true])).toBe(`select  '{"a","b"}',  '{"k":1}',  'true'`);
  });

  test('gives up on what it cannot tokenise or send as text', () => {
    expect(inlineParams(`select E'\\'' , $1`, ['v'])).toBeNull();
    expect(inlineParams('select $$x$$, $1', ['v'])).toBeNull();
    expect(inlineParams('select /* $1 */ $1', ['v'])).toBeNull();
    expect(inlineParams('select $1', [Buffer.from('x')])).toBeNull();
    expect(inlineParams('select $1', ['a\0b'])).toBeNull();
    expect(inlineParams('select $2', ['only one'])).toBeNull();
    expect(inlineParams("select 'unterminated $1", ['v'])).toBeNull();
  });
});

describe('inlined statements against the database', () => {
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
    const rows = await withSystemContext('test', () => t.db.execute(sql`select ${value}::text as v, length(${value}::text) as n`));
    const [row] = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as { v: string; n: number | string }[];
    expect(row.v).toBe(value);
    expect(Number(row.n)).toBe([...value].length);
    const tables = await withSystemContext('test', () => t.db.execute(sql`select count(*)::int as n from pg_tables where tablename = 'prospects'`));
    const [table] = (Array.isArray(tables) ? tables : (tables as { rows: unknown[] }).rows) as { n: number }[];
    expect(table.n).toBe(1);
  });

  test('numbers, booleans, nulls, arrays and dates take their type from the statement', async () => {
    const when = new Date('2026-03-04T05:06:07.000Z');
    const rows = await withSystemContext('test', () =>
      t.db.execute(
        sql`select ${41}::int + 1 as n, ${true}::boolean as b, ${null}::text is null as nil, array_length(${sql.param(['a', 'b', 'c'])}::text[], 1) as len, extract(epoch from ${when}::timestamptz)::bigint as epoch`,
      ),
    );
    const [row] = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as Record<string, unknown>[];
    expect(Number(row.n)).toBe(42);
    expect(row.b).toBe(true);
    expect(row.nil).toBe(true);
    expect(Number(row.len)).toBe(3);
    expect(Number(row.epoch)).toBe(when.getTime() / 1000);
  });
});

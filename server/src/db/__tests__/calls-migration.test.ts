import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder } from '../../server-paths';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db';
import { runMigrations } from '../migrate';
import { rowsOf } from '../raw-sql';
import { systemContext } from '../wall/context';

/*
 * 0034_calls.sql on a database as 0033 left it: calls counted per goal and day (goal_daily_calls)
 * and the history's status changes with a call. Each counted call becomes a row with its caller;
 * each goal keeps its count per day exactly.
 */

const MIGRATION = '0034_calls';
// The server's days are its TZ's: here a zone where 02:00 UTC is still the day before (EST, UTC-5, in early March 2025).
const ZONE = 'America/New_York';
const ZONE_OFFSET_HOURS = 5;

let folder: string;
let database: TestDatabase;
const db = () => database.handle.contextDb(systemContext('test'));
const run = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db().execute(query));

/** The migrations up to (not including) the one under test, in a folder of their own. */
function migrationsBefore(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbitra-migrations-'));
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  fs.mkdirSync(path.join(dir, 'meta'));
  fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const entry of journal.entries) fs.copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  return dir;
}

/** A moment of the server's day at an hour of its zone. */
const at = (day: string, hour: number, minute = 0) => {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date, hour + ZONE_OFFSET_HOURS, minute)).toISOString();
};

const ids = {
  tenant: '10000000-0000-4000-8000-000000000001',
  other: '10000000-0000-4000-8000-000000000002',
  staff: '20000000-0000-4000-8000-000000000001',
  maya: '20000000-0000-4000-8000-000000000002',
  jonas: '20000000-0000-4000-8000-000000000003',
  staffGoal: '30000000-0000-4000-8000-000000000001',
  mayaGoal: '30000000-0000-4000-8000-000000000002',
  orphanGoal: '30000000-0000-4000-8000-000000000003',
  otherGoal: '30000000-0000-4000-8000-000000000004',
};
const prospect = (n: number) => `40000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** The counts 0033 kept: goal, day, calls. */
const COUNTED: [string, string, number][] = [
  [ids.staffGoal, '2025-03-03', 5],
  [ids.staffGoal, '2025-03-04', 2],
  [ids.mayaGoal, '2025-03-03', 3],
  [ids.orphanGoal, '2025-03-03', 2],
  [ids.otherGoal, '2025-03-03', 1],
];

/** The history: status changes with a call (and some without), by whom, on which prospect, when. */
const HISTORY: { user: string | null; prospect: number; at: string; summary: string; tenant?: string }[] = [
  // 2025-03-03: Maya made four calls (two on her goal, two counted on the staff's), the staff one, Jonas one.
  { user: ids.maya, prospect: 1, at: at('2025-03-03', 9), summary: 'Status changed to No Answer (call made)' },
  { user: ids.maya, prospect: 2, at: at('2025-03-03', 9, 30), summary: 'Status changed to Call Back (call made)' },
  { user: ids.staff, prospect: 3, at: at('2025-03-03', 10), summary: 'Status changed to No Answer (call made)' },
  { user: ids.maya, prospect: 4, at: at('2025-03-03', 11), summary: 'Status changed to Interested (call made)' },
  { user: ids.maya, prospect: 5, at: at('2025-03-03', 12), summary: 'Status changed to No Answer (call made)' },
  { user: ids.jonas, prospect: 6, at: at('2025-03-03', 13), summary: 'Status changed to No Answer (call made)' },
  // A call whose caller was deleted since: the history no longer names anyone.
  { user: null, prospect: 7, at: at('2025-03-03', 14), summary: 'Status changed to No Answer (call made)' },
  // Not calls: a status change without one, a stage change.
  { user: ids.jonas, prospect: 8, at: at('2025-03-03', 15), summary: 'Status changed to Interested' },
  { user: ids.jonas, prospect: 8, at: at('2025-03-03', 15, 5), summary: 'Pipeline stage changed to Won (call made)' },
  // 22:00 in New York is 02:00 UTC of the next day: still a call of the 3rd, the server's day.
  { user: ids.jonas, prospect: 9, at: at('2025-03-03', 22), summary: 'Status changed to No Answer (call made)' },
  // Another tenant's call, by its own user.
  { user: ids.jonas, prospect: 10, at: at('2025-03-03', 16), summary: 'Status changed to No Answer (call made)', tenant: ids.other },
];

beforeAll(async () => {
  folder = migrationsBefore(MIGRATION);
  database = await createTestDatabase({ migrationsFolder: folder });
  await run(
    sql`insert into tenants (id, name, domain) values (${ids.tenant}, 'Old Calls', 'old-calls.example.com'), (${ids.other}, 'Other', 'other-calls.example.com')`,
  );
  for (const [name, id] of [
    ['staff', ids.staff],
    ['maya', ids.maya],
    ['jonas', ids.jonas],
  ])
    await run(sql`insert into users (id, email, password_hash, tenant_id) values (${id}, ${`${name}@old-calls.example.com`}, 'x', ${ids.tenant})`);
  const goals: [string, string, string | null][] = [
    [ids.staffGoal, ids.tenant, ids.staff],
    [ids.mayaGoal, ids.tenant, ids.maya],
    [ids.orphanGoal, ids.tenant, null],
    [ids.otherGoal, ids.other, ids.jonas],
  ];
  for (const [id, tenant, user] of goals)
    await run(
      sql`insert into goals (id, tenant_id, user_id, name, target_count, start_date, end_date) values (${id}, ${tenant}, ${user}, ${`Goal ${id.slice(-1)}`}, 10, '2025-03-01', '2025-03-31')`,
    );
  for (let n = 1; n <= 10; n += 1)
    await run(
      sql`insert into prospects (id, tenant_id, name, phone1) values (${prospect(n)}, ${n === 10 ? ids.other : ids.tenant}, ${`Old prospect ${n}`}, ${`+1 555 070 ${1000 + n}`})`,
    );
  // Named in any case: the status called Call Back becomes the callback status; one that leaves the list does not.
  for (const [tenant, name, removes] of [
    [ids.tenant, 'New', false],
    [ids.tenant, 'call back', false],
    [ids.other, 'Call Back', false],
    [ids.other, 'New', false],
  ] as const)
    await run(sql`insert into status_options (tenant_id, name, removes_from_prospects) values (${tenant}, ${name}, ${removes})`);
  for (const [goal, day, calls] of COUNTED) {
    const tenant = goal === ids.otherGoal ? ids.other : ids.tenant;
    await run(sql`insert into goal_daily_calls (tenant_id, goal_id, day, calls_made) values (${tenant}, ${goal}, ${day}, ${calls})`);
  }
  for (const entry of HISTORY)
    await run(
      sql`insert into crm_activities (tenant_id, prospect_id, user_id, kind, summary, created_at) values (${entry.tenant ?? ids.tenant}, ${prospect(entry.prospect)}, ${entry.user}, ${entry.summary.startsWith('Pipeline') ? 'stage' : 'status'}, ${entry.summary}, ${entry.at})`,
    );
  await runMigrations(database.handle, undefined, { timeZone: ZONE });
});
afterAll(async () => {
  await database?.dispose();
  fs.rmSync(folder, { recursive: true, force: true });
});

interface CallRow {
  tenant_id: string;
  goal_id: string;
  caller_id: string | null;
  prospect_id: string | null;
  day: string;
  made_at: string;
}
const calls = () =>
  run<CallRow>(
    sql`select tenant_id, goal_id, caller_id, prospect_id, to_char(day, 'YYYY-MM-DD') as day, to_char(made_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as made_at from calls order by made_at, goal_id`,
  );

test('every goal keeps its calls per day exactly', async () => {
  const rows = await calls();
  const counted = new Map<string, number>();
  for (const row of rows) counted.set(`${row.goal_id} ${row.day}`, (counted.get(`${row.goal_id} ${row.day}`) ?? 0) + 1);
  expect(Object.fromEntries(counted)).toEqual(Object.fromEntries(COUNTED.map(([goal, day, n]) => [`${goal} ${day}`, n])));
  expect(rows).toHaveLength(COUNTED.reduce((sum, [, , n]) => sum + n, 0));
  expect(await run(sql`select to_regclass('goal_daily_calls') as table`)).toEqual([{ table: null }]);
});

test("a call is the history's caller's where the history names one, on its prospect and at its time; else the goal's user's", async () => {
  const rows = await calls();
  const of = (goal: string, day: string) =>
    rows.filter((row) => row.goal_id === goal && row.day === day).map(({ caller_id, prospect_id, made_at }) => ({ caller_id, prospect_id, made_at }));
  const call = (n: number, caller: string | null) => ({
    caller_id: caller,
    prospect_id: prospect(n),
    made_at: HISTORY.find((entry) => entry.prospect === n)!.at,
  });
  const unnamed = (caller: string | null, day: string) => ({ caller_id: caller, prospect_id: null, made_at: at(day, 12) });

  // Maya's goal: her own first three calls of the day.
  expect(of(ids.mayaGoal, '2025-03-03')).toEqual([call(1, ids.maya), call(2, ids.maya), call(4, ids.maya)]);
  // The staff's goal: the staff's own call, then the day's calls left over in their order (Maya's fourth, Jonas's, the one
  // whose caller the history lost, which is the goal's user's, and Jonas's late one, a call of the 3rd in the server's zone).
  expect(of(ids.staffGoal, '2025-03-03')).toEqual([call(3, ids.staff), call(5, ids.maya), call(6, ids.jonas), call(7, ids.staff), call(9, ids.jonas)]);
  // Counted calls the history does not name: the goal's user's (nobody's for a goal of nobody), at noon of their day.
  expect(of(ids.staffGoal, '2025-03-04')).toEqual([unnamed(ids.staff, '2025-03-04'), unnamed(ids.staff, '2025-03-04')]);
  expect(of(ids.orphanGoal, '2025-03-03')).toEqual([unnamed(null, '2025-03-03'), unnamed(null, '2025-03-03')]);
  // Another tenant's calls are matched with its own history only.
  expect(of(ids.otherGoal, '2025-03-03')).toEqual([call(10, ids.jonas)]);
  expect(rows.filter((row) => row.goal_id === ids.otherGoal).map((row) => row.tenant_id)).toEqual([ids.other]);
  // Maya made four calls: three on her goal, one on the staff's.
  expect(rows.filter((row) => row.caller_id === ids.maya)).toHaveLength(4);
});

test("existing tenants' Call Back is their callback status", async () => {
  expect(await run(sql`select tenant_id, name from status_options where is_callback order by tenant_id`)).toEqual([
    { tenant_id: ids.tenant, name: 'call back' },
    { tenant_id: ids.other, name: 'Call Back' },
  ]);
});

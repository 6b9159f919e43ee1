import path from 'node:path';
import { auditEvents } from '../db/schema';
import { createCrmFixture, expectStatus, type CrmFixture } from '../testing/crm-fixture';
import { operationsOf } from '../testing/fuzz/corpus';
import { createTestApp, tempDir, type TestApp } from '../testing/test-app';
import { AUDIT_EXEMPT, cdnWithRelease, WRITE_SAMPLES } from '../testing/write-samples';

/**
 * Every write operation of /api/openapi.json, present and future, made once as an authorised
 * user, must leave an audit entry naming who did it, what and to what (bulk actions: every
 * record), unless AUDIT_EXEMPT names it. A new operation fails here until it is audited and has a
 * sample request in testing/write-samples.ts, or is exempted there (and in README.md).
 */
let t: TestApp;
let f: CrmFixture;
let tmp: ReturnType<typeof tempDir>;
let adminId: string;
let writes: string[];
beforeAll(async () => {
  tmp = tempDir('orbitra-audit-sweep-');
  cdnWithRelease(path.join(tmp.dir, 'cdn'));
  t = await createTestApp({ env: { CDN_DIR: path.join(tmp.dir, 'cdn') } });
  f = await createCrmFixture(t);
  adminId = expectStatus<{ _id: string }>(await t.request({ url: '/api/v1/auth/me', token: f.admin }), 200)._id;
  const operations = operationsOf(expectStatus(await t.request({ url: '/api/openapi.json' }), 200));
  writes = operations.filter((op) => op.method !== 'GET').map((op) => `${op.method} ${op.path}`);
}, 120_000);
afterAll(async () => {
  await t.close();
  tmp.remove();
});

const auditIds = async () => new Set((await t.db.select({ id: auditEvents.id }).from(auditEvents)).map((row) => row.id));

test('every write operation is audited or exempt, and each audited one has a sample request', () => {
  const uncovered = writes.filter((key) => !(key in AUDIT_EXEMPT) && !(key in WRITE_SAMPLES));
  expect(uncovered).toEqual([]);
  // A sample for an operation the document no longer has is a leftover.
  expect(Object.keys(WRITE_SAMPLES).filter((key) => !writes.includes(key))).toEqual([]);
});

test('each write leaves an audit entry naming its actor, its action and its target (bulk actions: their records)', async () => {
  const problems: string[] = [];
  let covered = 0;
  for (const key of writes) {
    const build = WRITE_SAMPLES[key];
    if (!build) continue;
    const sample = await build({ t, f });
    const method = key.split(' ')[0] as 'POST' | 'PUT' | 'DELETE' | 'PATCH';
    const before = await auditIds();
    const response = await t.request({ method, url: sample.url, body: sample.body, token: sample.token ?? f.admin });
    if (response.statusCode >= 300) {
      problems.push(`${key}: the sample request answered ${response.statusCode} ${response.body.slice(0, 200)}`);
      continue;
    }
    covered += 1;
    const answer = (response.body ? response.json() : {}) as Record<string, unknown>;
    const targetId = sample.targetId ?? sample.targetFrom?.(answer);
    const entries = (await t.db.select().from(auditEvents)).filter((row) => !before.has(row.id));
    const actorOk = (row: (typeof entries)[number]) =>
      sample.token === '' ? row.actorUserId === null : row.actorUserId === (sample.actorUserId ?? adminId) && row.actorEmail !== null;
    const named = entries.filter((row) => actorOk(row) && row.action && row.targetType && row.targetId && (!targetId || row.targetId === targetId));
    if (named.length === 0) {
      problems.push(
        `${key}: no audit entry naming the actor, action and target ${targetId ?? ''}; new entries: ${JSON.stringify(entries.map((row) => [row.action, row.targetId, row.actorEmail]))}`,
      );
      continue;
    }
    if (sample.records) {
      const listed = new Set(named.flatMap((row) => ((row.details as { records?: string[] }).records ?? []) as string[]));
      const missing = sample.records.filter((id) => !listed.has(id));
      if (missing.length > 0) problems.push(`${key}: the entry does not name the records ${missing.join(', ')}`);
    }
  }
  console.log(`audit sweep: ${covered} write operations audited, ${writes.filter((key) => key in AUDIT_EXEMPT).length} exempt, of ${writes.length}`);
  expect(problems).toEqual([]);
  expect(covered).toBe(writes.filter((key) => !(key in AUDIT_EXEMPT)).length);
}, 300_000);

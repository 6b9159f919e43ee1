import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import { recordMails } from '../db/schema';
import { createCrmFixture, expectStatus, type CrmFixture } from '../testing/crm-fixture';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * The CRM lists answer JSON the database wrote, sent as it is: no response schema checks it on the
 * way out (their detail and change answers come from the same writer, through the schema, which
 * would only strip a field the contract lacks). Each must match the contract the OpenAPI document publishes.
 * Every GET operation of the served document, present and future, is called as an admin on seeded
 * rows, and its answer is checked against the documented schema, made strict: an object may hold
 * only the properties its schema lists. A list's rows must also equal what the detail route
 * answers for the same ids, whatever path through the writer each took.
 */

type JsonSchema = Record<string, unknown>;
interface Operation {
  method: string;
  path: string;
  params: Array<{ in: string; name: string; required?: boolean }>;
  status: string;
  contentType: string;
  schema: JsonSchema | undefined;
}
type OpenApiOperation = {
  parameters?: Array<{ in: string; name: string; required?: boolean }>;
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
};
type OpenApiDoc = { paths: Record<string, Record<string, OpenApiOperation>> };

/**
 * Operations that cannot be called on seeded data, each with why. Keep this short: an operation
 * listed here is not checked at all. (Non-JSON answers, the PDFs, need no entry: their documented
 * content type is checked instead of a schema.)
 */
const SKIPPED: Record<string, string> = {};

let t: TestApp;
let f: CrmFixture;
let doc: OpenApiDoc;
let operations: Operation[];
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);

/** The schema with `additionalProperties: false` on every object that lists its properties and says nothing else. */
function strict(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(strict);
  if (!schema || typeof schema !== 'object') return schema;
  const out: JsonSchema = { ...(schema as JsonSchema) };
  if (out.properties && typeof out.properties === 'object')
    out.properties = Object.fromEntries(Object.entries(out.properties).map(([name, sub]) => [name, strict(sub)]));
  for (const key of ['items', 'additionalProperties', 'not', 'if', 'then', 'else']) if (out[key] && typeof out[key] === 'object') out[key] = strict(out[key]);
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems']) if (Array.isArray(out[key])) out[key] = (out[key] as unknown[]).map(strict);
  // allOf branches each see the whole object: closing one would refuse the others' properties.
  if (out.properties && out.additionalProperties === undefined && out.unevaluatedProperties === undefined && !out.allOf) out.additionalProperties = false;
  return out;
}

function operationsOf(document: OpenApiDoc): Operation[] {
  const result: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths))
    for (const [method, op] of Object.entries(methods)) {
      const [status, response] = Object.entries(op.responses ?? {}).find(([code]) => code.startsWith('2')) ?? [];
      // Every GET must document its answer; another method without one fails only where this file calls it.
      if ((!status || !response) && method === 'get') throw new Error(`GET ${path} documents no 2xx answer`);
      if (!status || !response) continue;
      const [contentType, media] = Object.entries(response.content ?? {})[0] ?? ['', {}];
      result.push({ method: method.toUpperCase(), path, params: op.parameters ?? [], status, contentType, schema: media.schema });
    }
  return result;
}

const validators = new Map<string, ValidateFunction>();
function validatorOf(op: Operation): ValidateFunction {
  const key = `${op.method} ${op.path}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(strict(op.schema) as JsonSchema);
    validators.set(key, validate);
  }
  return validate;
}

/** Why a 2xx answer breaks its operation's documented contract, or null. */
function contractProblem(op: Operation, response: LightMyRequestResponse): string | null {
  const label = `${op.method} ${op.path}`;
  if (String(response.statusCode) !== op.status) return `${label}: expected ${op.status}, got ${response.statusCode}: ${response.body.slice(0, 300)}`;
  const type = String(response.headers['content-type'] ?? '');
  if (!type.startsWith(op.contentType)) return `${label}: content type ${type}, documented ${op.contentType}`;
  if (op.contentType !== 'application/json') return response.rawPayload.length > 0 ? null : `${label}: empty ${op.contentType}`;
  if (!op.schema) return `${label}: no response schema`;
  const validate = validatorOf(op);
  if (validate(response.json())) return null;
  // One line per kind of error: a list's rows repeat the same one.
  const lines = new Set(
    (validate.errors ?? []).map((e) => `${e.instancePath.replace(/\/\d+(?=\/|$)/g, '/*') || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`),
  );
  return `${label}:\n  ${[...lines].join('\n  ')}`;
}

const operationOf = (method: string, path: string) => {
  const op = operations.find((o) => o.method === method && o.path === path);
  if (!op) throw new Error(`the document has no ${method} ${path}`);
  return op;
};

/** Calls an operation of the document as the admin and holds its answer to the contract. */
async function call(method: string, path: string, values: Record<string, string>, body?: unknown) {
  const op = operationOf(method, path);
  const url = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name]));
  const query = op.params.filter((p) => p.in === 'query' && values[p.name] !== undefined).map((p) => `${p.name}=${encodeURIComponent(values[p.name])}`);
  const response = await t.request({ method: method as 'GET', url: query.length ? `${url}?${query.join('&')}` : url, token: f.admin, body });
  return { op, response, problem: contractProblem(op, response) };
}

/** Calls a request the seeding needs and fails at once if it breaks the contract. */
async function seedCall<T>(method: string, path: string, values: Record<string, string>, body?: unknown): Promise<T> {
  const { response, problem } = await call(method, path, values, body);
  if (problem) throw new Error(problem);
  return response.json() as T;
}

const segments = (path: string) => path.split('/').filter(Boolean);
/** Where a detail route's `{id}` comes from: the list route sharing the longest leading path with it. */
function listFor(op: Operation, lists: string[]): string | undefined {
  const mine = segments(op.path.slice(0, op.path.indexOf('/{')));
  const shared = (list: string) => {
    const theirs = segments(list);
    let n = 0;
    while (n < mine.length && n < theirs.length && mine[n] === theirs[n]) n += 1;
    return n;
  };
  return [...lists].sort((a, b) => shared(b) - shared(a))[0];
}

/** The rows of a list answer: the answer itself, or its first array-valued property (none: not a list). */
function rowsOf(body: unknown): Array<Record<string, unknown>> | undefined {
  return (Array.isArray(body) ? body : Object.values((body ?? {}) as object).find(Array.isArray)) as Array<Record<string, unknown>> | undefined;
}
const rowsIn = (body: unknown) => rowsOf(body) ?? [];

/** The answers of every GET list operation (no path parameters), by path. */
const listBodies = new Map<string, unknown>();
/** Path values not named `id`, each with where it comes from. */
const namedValues: Record<string, string> = {};
/** The call queue's card (the database's JSON) and the detail route's answer for its prospect, read together. */
let cardProspect: { card: unknown; detail: unknown };
let clockOffset = 0;

beforeAll(async () => {
  // The call queue's clock moves, so a callback scheduled here falls due and comes back on a card.
  t = await createTestApp({ crmSample: true, clock: () => new Date(Date.now() + clockOffset) });
  f = await createCrmFixture(t);
  doc = expectStatus<OpenApiDoc>(await t.request({ url: '/api/openapi.json' }), 200);
  operations = operationsOf(doc);
  const tenant = { tenant_id: f.demoTenantId };

  // Rows the demo sample has none of, made through the API (so the seeding answers are checked too).
  expectStatus(
    await t.request({
      method: 'POST',
      url: '/api/v1/support/contact',
      body: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@engines.example', company: 'Engines Ltd', message: 'Please call us back.' },
    }),
    200,
  );
  await seedCall('POST', '/api/v1/email/accounts', {}, { email_address: 'sales@orbitra.test', provider: 'zoho', password: 'mailbox-password' });
  await seedCall(
    'POST',
    '/api/v1/crm/views',
    {},
    { ...tenant, name: 'Callbacks', target: 'prospects', query: { q: 'acme', invalid_phone: 'true' }, shared: true },
  );
  const existing = rowsIn(await seedCall('GET', '/api/v1/crm/prospects', tenant))[0];
  await seedCall(
    'POST',
    '/api/v1/crm/prospects/bulk',
    {},
    {
      ...tenant,
      file_name: 'contacts.json',
      prospects: [
        { name: 'Uploaded Co', phone1: '+1 555 010 9999' },
        { name: 'Duplicate Co', phone1: existing.phone1 },
      ],
    },
  );
  const goal = rowsIn(await seedCall('GET', '/api/v1/crm/goals', tenant))[0];
  const card = await seedCall<{ prospect: { id: string } }>('POST', '/api/v1/crm/call-queue/next', {}, { ...tenant, goal_id: goal.id, filter: {} });
  // Read before the outcome changes the row.
  cardProspect = { card: card.prospect, detail: await seedCall('GET', '/api/v1/crm/prospects/{id}', { id: card.prospect.id }) };
  await seedCall(
    'POST',
    '/api/v1/crm/call-queue/{prospect_id}/outcome',
    { prospect_id: card.prospect.id },
    {
      goal_id: goal.id,
      callback_at: new Date(Date.now() + clockOffset + 60_000).toISOString(),
    },
  );
  clockOffset += 2 * 60_000;
  const due = await seedCall<{ callback: unknown }>('POST', '/api/v1/crm/call-queue/next', {}, { ...tenant, goal_id: goal.id, filter: {} });
  if (!due.callback) throw new Error('the due callback did not come first in the queue');

  const lists = operations.filter((op) => op.method === 'GET' && !op.path.includes('{') && op.contentType === 'application/json');
  for (const op of lists) {
    const { response } = await call('GET', op.path, tenant);
    if (response.statusCode === 200) listBodies.set(op.path, response.json());
  }
  // The client's quotation page is addressed by the token of a sent quotation's link.
  const shared = rowsIn(listBodies.get('/api/v1/quotations')).find((q) => typeof q.share_url === 'string');
  if (shared) namedValues.token = String(shared.share_url).split('/').pop()!;
  // A mail on the first prospect and the first lead listed (the records the detail operations are called on), with its original.
  const [mail] = await t.db
    .insert(recordMails)
    .values({
      tenantId: f.demoTenantId,
      prospectId: String(rowsIn(listBodies.get('/api/v1/crm/prospects'))[0].id),
      leadId: String(rowsIn(listBodies.get('/api/v1/crm/leads'))[0].id),
      direction: 'received',
      messageId: 'sample@example.com',
      threadKey: 'sample@example.com',
      fromAddress: 'client@example.com',
      toAddresses: [{ address: 'sales@orbitra.test', name: '' }],
      subject: 'Sample mail',
      body: 'Hello',
      original: Buffer.from('Subject: Sample mail\r\n\r\nHello'),
      originalSize: 30,
      sentAt: new Date(),
    })
    .returning({ id: recordMails.id });
  namedValues.mail_id = mail.id;
  // The calendar feed is addressed by the file name of the admin's secret address.
  const feed = await seedCall<{ path: string }>('POST', '/api/v1/crm/calendar-feed', {});
  namedValues.file = feed.path.split('/').pop()!;
}, 120_000);
afterAll(() => t.close());

/** The values an operation is called with: the demo tenant, and ids of rows its list answered. */
function valuesFor(op: Operation): Record<string, string> | string {
  const values: Record<string, string> = { tenant_id: f.demoTenantId, ...namedValues };
  // The lists' exports are called for their CSV; the Excel file is checked by the exports' own tests.
  if (op.path.endsWith('/export')) values.format = 'csv';
  for (const param of op.params) {
    if (param.in === 'path' && param.name === 'id') {
      const list = listFor(op, [...listBodies.keys()]);
      const row = list ? rowsIn(listBodies.get(list)).find((r) => typeof r.id === 'string') : undefined;
      if (!row) return `no row to address ${op.path} with (its list ${list ?? 'is missing'} is empty): seed one`;
      values.id = row.id as string;
    } else if (param.required && values[param.name] === undefined) return `no value for the ${param.in} parameter ${param.name}: seed one`;
  }
  return values;
}

test('the document describes the API: lists, details and their answers', () => {
  const gets = operations.filter((op) => op.method === 'GET');
  expect(gets.length).toBeGreaterThan(25);
  expect(gets.filter((op) => op.path.includes('{')).length).toBeGreaterThan(10);
  expect(gets.filter((op) => op.contentType === 'application/json' && !op.schema)).toEqual([]);
});

test('the strict copy of a schema refuses a property the contract does not list', () => {
  const validate = ajv.compile(
    strict({ type: 'object', properties: { rows: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' } } } } } }) as JsonSchema,
  );
  expect(validate({ rows: [{ id: 'a' }] })).toBe(true);
  expect(validate({ rows: [{ id: 'a', phone4: 'x' }] })).toBe(false);
  expect(validate({ rows: [], extra: 1 })).toBe(false);
});

test('every GET operation answers seeded data exactly as its documented schema says', async () => {
  const problems: string[] = [];
  const checked: string[] = [];
  for (const op of operations.filter((o) => o.method === 'GET')) {
    if (SKIPPED[op.path]) continue;
    const values = valuesFor(op);
    if (typeof values === 'string') {
      problems.push(`GET ${op.path}: ${values}`);
      continue;
    }
    const { problem } = await call('GET', op.path, values);
    if (problem) problems.push(problem);
    else checked.push(op.path);
  }
  expect(problems).toEqual([]);
  // Every route was really called with rows to answer, not only its empty case.
  const emptyLists = [...listBodies].filter(([, body]) => rowsOf(body)?.length === 0).map(([path]) => path);
  expect(emptyLists).toEqual([]);
  expect(checked.length).toBe(operations.filter((o) => o.method === 'GET' && !SKIPPED[o.path]).length);
}, 120_000);

/** What a detail answers beyond its list's rows: a quotation's mail is read for one quotation at a time. */
const DETAIL_ONLY: Record<string, string[]> = { '/api/v1/quotations': ['mail'] };

function withoutProperties(schema: JsonSchema | undefined, keys: string[]): JsonSchema | undefined {
  if (!schema || keys.length === 0) return schema;
  const properties = Object.fromEntries(Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>).filter(([key]) => !keys.includes(key)));
  const required = Array.isArray(schema.required) ? (schema.required as string[]).filter((key) => !keys.includes(key)) : schema.required;
  return { ...schema, properties, required };
}

/** The same object as the detail route's, key by key and value by value. */
test("a list's rows equal what the detail route answers for the same ids, whichever writer wrote each", async () => {
  const compared = new Set<string>();
  for (const list of listBodies.keys()) {
    const detail = operations.find((op) => op.method === 'GET' && op.path === `${list}/{id}`);
    if (!detail) continue;
    const listOp = operationOf('GET', list);
    const rowSchema =
      Object.values((listOp.schema?.properties ?? {}) as Record<string, JsonSchema>).find((s) => s.type === 'array')?.items ?? listOp.schema?.items;
    // A list of summaries is not the detail's shape: only lists of the same contract compare
    // (a detail may add what only it answers, DETAIL_ONLY).
    const extra = DETAIL_ONLY[list] ?? [];
    if (JSON.stringify(rowSchema) !== JSON.stringify(withoutProperties(detail.schema, extra))) continue;
    // Read again now: the other tests' calls (a client opening a quotation's link) may have changed rows.
    const body = expectStatus(await t.request({ url: `${list}?tenant_id=${f.demoTenantId}`, token: f.admin }), 200);
    for (const row of rowsIn(body).slice(0, 5)) {
      const { response } = await call('GET', detail.path, { id: String(row.id) });
      const answer = response.json() as Record<string, unknown>;
      for (const key of extra) delete answer[key];
      expect([list, row]).toEqual([list, answer]);
      compared.add(list);
    }
  }
  // The lists the database writes are among them.
  expect([...compared]).toEqual(expect.arrayContaining(['/api/v1/crm/prospects', '/api/v1/crm/leads', '/api/v1/quotations']));

  // The call queue's card is written by the database too: its prospect is the detail route's.

  expect(cardProspect.card).toEqual(cardProspect.detail);
});

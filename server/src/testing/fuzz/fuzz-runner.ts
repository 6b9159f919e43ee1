import type { LightMyRequestResponse } from 'fastify';
import { TEST_CSRF, type TestApp } from '../test-app';
import { collectionOf, urlOf, variantsOf, type Operation, type Subject, type Variant } from './corpus';
import { sample, type SampleContext } from './schema-sample';

/** A caller of the fuzz run: logs in again whenever a variant (a logout, say) ended its session. */
export interface Actor {
  name: string;
  token: string;
  relogin(): Promise<string>;
  subject: Subject;
  /** Ids whose appearance in a success answer means another tenant's data leaked to this caller. */
  mustNotSee: string[];
}

export interface FuzzResult {
  requests: number;
  failures: string[];
  /** How many answers of each status: shows the corpus reached past validation. */
  statuses: Record<number, number>;
}

// What an error detail must never show: stack frames, SQL, constraint names, file paths.
const INTERNALS = /\bat \S+:\d+|\bselect\b.+\bfrom\b|\binsert into\b|\bviolates\b|_fkey|_unique\b|node_modules|\/src\/|\.ts:\d+/i;

export function send(t: TestApp, op: Operation, variant: Variant, token: string): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'x-csrftoken': TEST_CSRF };
  let payload: string | undefined;
  if (variant.raw !== undefined) {
    payload = variant.raw;
    headers['content-type'] = variant.contentType ?? 'application/json';
  } else if (variant.body !== undefined) {
    payload = JSON.stringify(variant.body);
    headers['content-type'] = 'application/json';
  }
  return t.app.inject({ method: op.method as 'GET', url: urlOf(op, variant), headers, cookies: { csrftoken: TEST_CSRF }, payload });
}

/** Why an answer is wrong, or null: no 5xx, every 4xx a JSON { detail } without internals, no foreign data. */
export function problemWith(response: LightMyRequestResponse, mustNotSee: string[]): string | null {
  const status = response.statusCode;
  if (status >= 500) return 'server error';
  if (status >= 400) {
    if (!/^application\/json/.test(String(response.headers['content-type']))) return 'error is not JSON';
    let parsed: unknown;
    try {
      parsed = JSON.parse(response.body);
    } catch {
      return 'error is not JSON';
    }
    const keys = parsed && typeof parsed === 'object' ? Object.keys(parsed) : [];
    if (keys.length !== 1 || typeof (parsed as { detail?: unknown }).detail !== 'string') return 'error is not exactly { detail }';
    if (INTERNALS.test((parsed as { detail: string }).detail)) return 'error shows internals';
    return null;
  }
  const leaked = mustNotSee.find((id) => response.body.includes(id));
  return leaked ? `answer holds another tenant's id ${leaked}` : null;
}

const CONCURRENCY = 6;

const brief = (body: string) => (body.length > 300 ? `${body.slice(0, 300)}… (${body.length} chars)` : body);

/** Every variant of every operation as this actor; collects one readable line per wrong answer. */
export async function fuzzAs(t: TestApp, operations: Operation[], actor: Actor, result: FuzzResult) {
  // Deletes last: the rows the other operations' ids point at stay there for them.
  const ordered = [...operations].sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
  for (const op of ordered) {
    const variants = variantsOf(op, actor.subject);
    // A few at a time: the database pool and the event loop overlap, and the order stays readable.
    for (let start = 0; start < variants.length; start += CONCURRENCY) {
      const batch = variants.slice(start, start + CONCURRENCY);
      const responses = await Promise.all(batch.map((variant) => send(t, op, variant, actor.token)));
      responses.forEach((response, i) => {
        result.requests += 1;
        result.statuses[response.statusCode] = (result.statuses[response.statusCode] ?? 0) + 1;
        const problem = problemWith(response, actor.mustNotSee);
        if (problem)
          result.failures.push(`${actor.name} ${op.method} ${op.path} [${batch[i].label}] -> ${response.statusCode} ${problem}: ${brief(response.body)}`);
      });
    }
    const me = await t.request({ url: '/api/v1/auth/me', token: actor.token });
    if (me.statusCode === 401) actor.token = await actor.relogin();
  }
}

/** Row ids of one tenant per resource collection, read as the admin from each collection's list. */
export async function tenantIds(
  t: TestApp,
  operations: Operation[],
  admin: string,
  tenantId: string,
  exclude: string[],
): Promise<{ context: SampleContext; owned: string[] }> {
  const ids = new Map<string, string>();
  const owned: string[] = [tenantId];
  const collections = new Set(operations.filter((op) => op.pathParams.length > 0).map((op) => collectionOf(op.path)));
  for (const collection of collections) {
    const response = await t.request({ url: `${collection}?tenant_id=${tenantId}&limit=100`, token: admin });
    if (response.statusCode !== 200) continue;
    const json: unknown = response.json();
    const items = (Array.isArray(json) ? json : Object.values(json as object).find(Array.isArray)) as Array<Record<string, unknown>> | undefined;
    const usable = (items ?? []).filter((item) => typeof item?.id === 'string' && !exclude.includes(item.id));
    const mine = usable.find((item) => item.tenant_id === tenantId || item.id === tenantId);
    const chosen = mine ?? usable[0];
    if (!chosen) continue;
    ids.set(collection, chosen.id as string);
    if (mine) owned.push(mine.id as string);
  }
  return { context: { tenantId, ids }, owned };
}

/** One plausible create per resource collection in the tenant, so that its path ids point at real rows. */
export async function seedTenant(t: TestApp, operations: Operation[], admin: string, context: SampleContext) {
  const collections = new Set(operations.filter((op) => op.pathParams.length > 0).map((op) => collectionOf(op.path)));
  for (const op of operations) {
    if (op.method !== 'POST' || !op.body || !collections.has(op.path)) continue;
    await t.request({ method: 'POST', url: op.path, token: admin, body: sample(op.body, 'body', context) });
  }
}

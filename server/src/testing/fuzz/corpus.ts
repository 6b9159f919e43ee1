import crypto from 'node:crypto';
import { sample, typeOf, type JsonSchema, type SampleContext } from './schema-sample';

export interface Operation {
  method: string;
  /** OpenAPI path template, `/api/v1/crm/prospects/{id}`. */
  path: string;
  pathParams: string[];
  query: Array<{ name: string; schema: JsonSchema; required: boolean }>;
  body: JsonSchema | null;
}

/** One hostile request: path values are put in the URL as they are (already encoded). */
export interface Variant {
  label: string;
  params: Record<string, string>;
  query: Record<string, string | string[]>;
  /** A value is sent as JSON; a string with `raw` as the exact body text. */
  body?: unknown;
  raw?: string;
  contentType?: string;
}

type OpenApiDoc = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Array<{ in: string; name: string; required?: boolean; schema: JsonSchema }>;
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
};

export function operationsOf(doc: OpenApiDoc): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const parameters = op.parameters ?? [];
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]),
        query: parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema, required: p.required ?? false })),
        body: op.requestBody?.content['application/json']?.schema ?? null,
      });
    }
  }
  return operations;
}

/** `/api/v1/crm/prospects/{id}/activities` -> `/api/v1/crm/prospects`: where the path's ids come from. */
export const collectionOf = (path: string) => path.slice(0, path.indexOf('/{'));

export const MEGABYTE = 'x'.repeat(1024 * 1024);
const NESTED = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
const HOSTILE_TEXT: Array<[string, string]> = [
  ['NUL', 'fuzz\u0000nul'],
  ['lone surrogate', 'fuzz\uD800'],
  ['control characters', '\u0001\u0008\u001b[31m\u007f\r\n\t'],
];
/**
 * A megabyte goes into the first few fields of a body only: every field's length is checked by the
 * same rules, and parsing hundreds of megabytes would cost the suite its time limit.
 */
const MEGABYTE_FIELDS = 3;
const HOSTILE_NUMBERS: Array<[string, number]> = [
  ['negative', -1],
  ['huge', 1e308],
  ['beyond 64 bits', 2 ** 64],
  ['fractional', 0.5],
];
const WRONG_TYPE: Record<string, unknown> = {
  string: 12345,
  integer: 'twelve',
  number: 'twelve',
  boolean: 'yes',
  array: { not: 'a list' },
  object: ['not', 'an object'],
};

/** Path values: each sent as the only hostile part of an otherwise plausible request. */
const HOSTILE_PATH: Array<[string, string]> = [
  ['malformed id', 'not-an-id'],
  ['over-long id', 'a'.repeat(300)],
  ['NUL in id', 'a%00b'],
  ['invalid UTF-8 in id', '%ED%A0%80'],
  ['traversal in id', '..%2F..%2Fhealth'],
  ['unknown id', crypto.randomUUID()],
];
const HOSTILE_QUERY: Array<[string, string | string[]]> = [
  ['NUL', 'a\u0000b'],
  ['invalid UTF-8', '%ED%A0%80'],
  ['control characters', '\u0001\u001b\u007f'],
  ['1 MB string', MEGABYTE],
  ['negative', '-1'],
  ['huge', '1e308'],
  ['fractional', '0.5'],
  ['repeated', ['1', '2']],
];

export interface Subject {
  /** Where the request's own ids and tenant come from. */
  own: SampleContext;
  /** Another tenant's ids, sent by a caller who may not touch them (none for an admin). */
  foreign?: SampleContext;
}

function pathValues(op: Operation, context: SampleContext): Record<string, string> {
  const id = context.ids.get(collectionOf(op.path)) ?? crypto.randomUUID();
  return Object.fromEntries(op.pathParams.map((name) => [name, id]));
}

function queryValues(op: Operation, context: SampleContext): Record<string, string> {
  const entries = op.query.filter((q) => q.required || q.name === 'tenant_id').map((q) => [q.name, String(sample(q.schema, q.name, context))]);
  return Object.fromEntries(entries);
}

/** The bounded corpus of one operation: each variant changes one thing of a plausible request. */
export function variantsOf(op: Operation, subject: Subject): Variant[] {
  const own = subject.own;
  const params = pathValues(op, own);
  const query = queryValues(op, own);
  const body = op.body ? sample(op.body, 'body', own) : undefined;
  const base = { params, query, body };
  const out: Variant[] = [{ label: 'plausible request', ...base }];

  for (const name of op.pathParams) {
    for (const [label, value] of HOSTILE_PATH) out.push({ ...base, label: `path ${name}: ${label}`, params: { ...params, [name]: value } });
  }
  for (const q of op.query) {
    for (const [label, value] of HOSTILE_QUERY) out.push({ ...base, label: `query ${q.name}: ${label}`, query: { ...query, [q.name]: value } });
  }

  if (op.body) {
    const typeOfBody = typeOf(op.body);
    out.push({ ...base, label: 'no body', body: undefined });
    out.push({ ...base, label: 'empty JSON body', body: undefined, raw: '', contentType: 'application/json' });
    for (const value of [null, {}, [], 'text', 42]) out.push({ ...base, label: `body is ${JSON.stringify(value)}`, body: value });
    out.push({ ...base, label: 'deeply nested body', body: undefined, raw: NESTED, contentType: 'application/json' });
    out.push({ ...base, label: 'body as text/plain', body: undefined, raw: JSON.stringify(body), contentType: 'text/plain' });
    if (typeOfBody === 'object') {
      const fields = JSON.stringify(body).slice(1);
      const sep = fields === '}' ? '' : ',';
      out.push({ ...base, label: '__proto__ key', body: undefined, raw: `{"__proto__":{"is_admin":true}${sep}${fields}`, contentType: 'application/json' });
      out.push({
        ...base,
        label: 'constructor key',
        body: undefined,
        raw: `{"constructor":{"prototype":{"is_admin":true}}${sep}${fields}`,
        contentType: 'application/json',
      });
      out.push({
        ...base,
        label: 'unknown fields',
        body: { ...(body as object), is_admin: true, role: 'admin', owner_id: crypto.randomUUID(), zz_unknown: 'x' },
      });
      const properties = Object.entries((op.body.properties ?? {}) as Record<string, JsonSchema>);
      properties.forEach(([field, schema], index) => out.push(...fieldVariants(base, field, schema, body as Record<string, unknown>, index < MEGABYTE_FIELDS)));
    } else if (typeOfBody === 'array') {
      for (const [label, value] of [...HOSTILE_TEXT, ['1 MB string', MEGABYTE]]) out.push({ ...base, label: `body[0]: ${label}`, body: [value] });
    }
  }

  if (subject.foreign) out.push(...foreignVariants(op, base, subject.foreign));
  return out;
}

function fieldVariants(base: Omit<Variant, 'label'>, field: string, schema: JsonSchema, body: Record<string, unknown>, megabyte: boolean): Variant[] {
  const out: Variant[] = [];
  const withField = (label: string, value: unknown) => out.push({ ...base, label: `${field}: ${label}`, body: { ...body, [field]: value } });
  const type = typeOf(schema);
  for (const [label, value] of HOSTILE_TEXT) withField(label, value);
  if (megabyte) withField('1 MB string', MEGABYTE);
  withField('wrong type', WRONG_TYPE[type] ?? 12345);
  withField('null', null);
  withField('deep nesting', JSON.parse(NESTED.slice(0, 2000) + NESTED.slice(-2000)));
  if (type === 'integer' || type === 'number') for (const [label, value] of HOSTILE_NUMBERS) withField(label, value);
  if (type === 'array') withField('hostile items', [{ Name: 'fuzz\u0000', Phone1: MEGABYTE.slice(0, 5000) }, 1e308, 'fuzz\uDC00']);
  return out;
}

/** The same plausible request, aimed at another tenant's rows: for a caller who may not touch them. */
function foreignVariants(op: Operation, base: Omit<Variant, 'label'>, foreign: SampleContext): Variant[] {
  const params = pathValues(op, foreign);
  const query = queryValues(op, foreign);
  const body = op.body ? sample(op.body, 'body', foreign) : undefined;
  const out: Variant[] = [];
  if (op.pathParams.length > 0 || Object.keys(query).length > 0 || JSON.stringify(body ?? null).includes(foreign.tenantId)) {
    out.push({ label: "another tenant's ids throughout", params, query, body });
  }
  if (op.pathParams.length > 0) out.push({ ...base, label: "another tenant's id in the path, own body", params });
  return out;
}

/** The URL of a variant: path values as given, the query encoded. */
export function urlOf(op: Operation, variant: Variant): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => variant.params[name]);
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(variant.query)) for (const v of Array.isArray(value) ? value : [value]) search.append(name, v);
  let text = search.toString();
  // URLSearchParams would re-encode the percent sign; this variant sends bytes that are not UTF-8.
  text = text.replace(/%25ED%25A0%2580/g, '%ED%A0%80');
  return text ? `${path}?${text}` : path;
}

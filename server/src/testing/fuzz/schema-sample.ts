import crypto from 'node:crypto';

/** The part of JSON Schema the OpenAPI document uses for request bodies and parameters. */
export interface JsonSchema {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  default?: unknown;
}

/** Ids the sample may use: the tenant's own, and one row id per resource collection of that tenant. */
export interface SampleContext {
  tenantId: string;
  /** Collection path (`/api/v1/crm/prospects`) -> an id of one of its rows in the tenant. */
  ids: Map<string, string>;
}

/** The branch a value is built from: the first that is not `null`. */
export function mainBranch(schema: JsonSchema): JsonSchema {
  const branches = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (!branches) return schema;
  return mainBranch(branches.find((b) => b.type !== 'null') ?? branches[0]);
}

export function typeOf(schema: JsonSchema): string {
  const s = mainBranch(schema);
  const type = Array.isArray(s.type) ? (s.type.find((t) => t !== 'null') ?? 'string') : s.type;
  if (type) return type;
  if (s.properties) return 'object';
  if (s.items) return 'array';
  return 'unknown';
}

const CANDIDATES = ['fuzz', 'fuzz.example.com', '#3366cc', '2026-01-15', '+1 555 0100', 'fuzz@example.com', 'https://fuzz.example.com', 'Fuzz Value 1'];

let counter = 0;

/** An id for a field such as `status_id`: a row of the collection whose name starts with "status". */
function idFor(field: string, context: SampleContext): string {
  if (field === 'tenant_id' || field === 'tenantId') return context.tenantId;
  const stem = field.replace(/_?id$/i, '').replace(/_/g, '-').toLowerCase();
  if (stem) {
    for (const [collection, id] of context.ids) {
      const last = collection.split('/').pop() ?? '';
      if (last.startsWith(stem)) return id;
    }
  }
  return crypto.randomUUID();
}

/** Text that passes the field's checks where it can: formats, then what the name says it holds. */
function sampleString(s: JsonSchema, field: string, context: SampleContext): string {
  if (s.format === 'uuid') return idFor(field, context);
  counter += 1;
  const guesses: string[] = [];
  if (s.format === 'email' || /email/i.test(field)) guesses.push(`fuzz${counter}@example.com`);
  if (s.format === 'date' || /date$/i.test(field)) guesses.push(/end/i.test(field) ? '2026-12-31' : '2026-01-15', '2026');
  if (s.format === 'date-time' || /_at$/.test(field)) guesses.push(new Date().toISOString());
  if (s.format === 'uri' || s.format === 'url' || /website|url|href|link/i.test(field)) guesses.push(`https://fuzz${counter}.example.com`);
  if (/password/i.test(field)) guesses.push('fuzz-password-123');
  if (/phone/i.test(field)) guesses.push(`+1 555 ${String(counter).padStart(7, '0')}`);
  if (/domain/i.test(field)) guesses.push(`fuzz${counter}.example.com`);
  const pattern = s.pattern ? new RegExp(s.pattern) : null;
  const fits = (v: string) => (!pattern || pattern.test(v)) && v.length >= (s.minLength ?? 0) && v.length <= (s.maxLength ?? Infinity);
  const unique = `fuzz${counter}`;
  return [...guesses, unique, `${unique}.example.com`, ...CANDIDATES].find(fits) ?? unique.padEnd(s.minLength ?? 0, 'x');
}

/** A plausible value of the schema, so that one field at a time can be made hostile. */
export function sample(schema: JsonSchema, field: string, context: SampleContext): unknown {
  const s = mainBranch(schema);
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  switch (typeOf(s)) {
    case 'string':
      return sampleString(s, field, context);
    case 'integer':
    case 'number':
      return Math.min(Math.max(1, s.minimum ?? 1), s.maximum ?? 1);
    case 'boolean':
      return false;
    case 'array':
      return s.items && Object.keys(s.items).length > 0 ? [sample(s.items, field.replace(/s$/, ''), context)] : [];
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([key, child]) => [key, sample(child, key, context)]));
    default:
      return null;
  }
}

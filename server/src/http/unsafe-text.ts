import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../lib/refusal';
import { formatIssuePath } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A body key whose items the route checks one by one (a bulk upload reports bad rows, not a 400). */
    textCheckedPerItem?: string;
  }
}

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** PostgreSQL cannot store NUL, and an unpaired surrogate would be saved as U+FFFD: neither may pass. */
export function isUnsafeText(value: string): boolean {
  return value.includes('\u0000') || LONE_SURROGATE.test(value);
}

/** The text without its NULs and unpaired surrogates: for keeping what was refused, never for saving it as given. */
export function stripUnsafeText(value: string): string {
  return value.replaceAll('\u0000', '').replace(new RegExp(LONE_SURROGATE.source, 'g'), '');
}

export const unsafeTextDetail = (field: string) => `${field}: must not contain NUL characters or unpaired UTF-16 surrogates`;

type Path = Array<string | number>;

interface Step {
  value: unknown;
  key?: string | number;
  parent?: Step;
}

function pathOf(step: Step, last?: string): Path {
  const path: Path = last === undefined ? [] : [last];
  for (let s: Step | undefined = step; s && s.key !== undefined; s = s.parent) path.push(s.key);
  return path.reverse();
}

/**
 * The path of the first string (value or key) in `value` that may not be stored, or null.
 * Walks with its own stack and parent links: a hostile body may be nested far deeper than the
 * call stack allows, and copying the path at every level would be quadratic.
 */
export function findUnsafeText(value: unknown, skipKey?: string): Path | null {
  const stack: Step[] = [{ value }];
  while (stack.length > 0) {
    const step = stack.pop()!;
    const current = step.value;
    if (typeof current === 'string') {
      if (isUnsafeText(current)) return pathOf(step);
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], key: i, parent: step });
    } else if (current && typeof current === 'object') {
      const keys = Object.keys(current);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i];
        if (isUnsafeText(key)) return pathOf(step, key);
        if (step.key === undefined && key === skipKey) continue;
        stack.push({ value: (current as Record<string, unknown>)[key], key, parent: step });
      }
    }
  }
  return null;
}

const PARTS = [
  ['params', 'params'],
  ['query', 'querystring'],
  ['body', 'body'],
] as const;

/**
 * One rule for every route, present and future: no text in the path, the query or the body may
 * hold NUL or an unpaired surrogate. Refused with 400 naming the field, before the route's schema.
 */
export function registerUnsafeTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    for (const [part, context] of PARTS) {
      const skip = part === 'body' ? request.routeOptions.config?.textCheckedPerItem : undefined;
      const path = findUnsafeText(request[part], skip);
      if (path) throw badRequest(unsafeTextDetail(formatIssuePath(path, context)));
    }
  });
}

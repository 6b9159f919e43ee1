import type { FastifyInstance, FastifyRequest } from 'fastify';
// The rule is the contracts' (the forms that share them say the same); this applies it to every request.
import { isUnsafeText, unsafeTextDetail } from '@app/shared/contracts';
import { badRequest } from '../lib/refusal';
import { formatIssuePath } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A body key whose items the route checks one by one (a bulk upload reports bad rows, not a 400). */
    textCheckedPerItem?: string;
  }
}

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
 * hold NUL, an unpaired surrogate or a bidirectional control. Refused with 400 naming the field, before the route's schema.
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

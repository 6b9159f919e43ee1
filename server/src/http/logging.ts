import type { FastifyServerOptions } from 'fastify';

/** Where log lines go; tests pass a collector. */
export interface LogStream {
  write(line: string): void;
}

/** Query parameters whose values never reach a log line (reset links are opened as /reset-password?token=...). */
const SECRET_QUERY_KEYS = /token|password|secret|code|key/i;

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}

/**
 * Whether a segment is a secret by the segments before it: a quotation link's token (after `/q/`
 * and `/public/quotations/`) opens, accepts or rejects the quotation; a calendar feed's file
 * (after `/calendar/`) reads its user's tasks without a session.
 */
function isSecretAfter(beforePrevious: string | undefined, previous: string | undefined): boolean {
  return previous === 'q' || previous === 'calendar' || (previous === 'quotations' && beforePrevious === 'public');
}

/** The secret segments of a path hidden, whatever spelling of the segments before them reached the router. */
function redactPath(path: string): string {
  // The segments as a path resolver sees them: empty ones and `.` skipped, `..` steps back
  // (`/q//token` and `/public/x/../quotations/token` are still links); an escaped slash or a
  // backslash may split a segment again for whatever resolves it next (a proxy, a browser).
  const seen: string[] = [];
  return path
    .split('/')
    .map((segment) => {
      let secret = false;
      for (const name of decoded(segment).split(/[/\\]/)) {
        if (name === '' || name === '.') continue;
        if (name === '..') {
          seen.pop();
          continue;
        }
        if (isSecretAfter(seen.at(-2), seen.at(-1))) secret = true;
        seen.push(name);
      }
      return secret ? '[redacted]' : segment;
    })
    .join('/');
}

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return redactPath(url);
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const key = eq < 0 ? pair : pair.slice(0, eq);
      let name = key;
      try {
        name = decodeURIComponent(key);
      } catch {
        // Keep the raw key: a malformed escape only affects what the log shows.
      }
      return eq >= 0 && SECRET_QUERY_KEYS.test(name) ? `${key}=[redacted]` : pair;
    });
  return `${redactPath(url.slice(0, q))}?${params.join('&')}`;
}

/**
 * Pino redaction: whatever object is logged, these fields are censored. Request bodies and
 * headers are not logged at all; the list covers objects passed to log calls by hand.
 */
export const REDACT_PATHS = [
  'password',
  'newPassword',
  'password_hash',
  'passwordHash',
  'token',
  'access_token',
  'accessToken',
  'authSecret',
  'secret',
  'authorization',
  'cookie',
  '*.password',
  '*.newPassword',
  '*.password_hash',
  '*.passwordHash',
  '*.token',
  '*.access_token',
  '*.accessToken',
  '*.authSecret',
  '*.secret',
  '*.authorization',
  '*.cookie',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrftoken"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["x-csrftoken"]',
];

type SerializedRequest = Record<string, unknown> & { method: string; url: string };

export function loggerOptions(level: string, stream?: LogStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      req(request: { method: string; url: string; hostname?: string; ip?: string }): SerializedRequest {
        return { method: request.method, url: redactUrl(request.url), hostname: request.hostname, remoteAddress: request.ip };
      },
    },
  };
}

/**
 * What of an unexpected error may be logged. Drizzle's query errors carry the bound parameters
 * in their message (password hashes, token hashes), so only the SQL text and the driver's
 * error are kept.
 */
export function loggableError(error: unknown): unknown {
  if (error && typeof error === 'object' && 'query' in error && 'params' in error) {
    const cause = (error as { cause?: unknown }).cause as { message?: string; code?: string; stack?: string } | undefined;
    return {
      type: error instanceof Error ? error.name : undefined,
      query: (error as { query: unknown }).query,
      cause: cause ? { message: cause.message, code: cause.code, stack: cause.stack } : undefined,
    };
  }
  return error;
}

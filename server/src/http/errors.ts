import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@app/shared/contracts';
import { isDatabaseUnavailable } from '../db/database-away';
import { Refusal, type RefusalKind } from '../lib/refusal';
import { causeChain } from '../lib/error-causes';
import { DATABASE_UNAVAILABLE_DETAIL, databaseRefusal } from './database-errors';
import { loggableError } from './logging';

/**
 * An HTTP answer with a detail, for the HTTP layer itself (plugins, hooks, route handlers). Code
 * below the routes refuses with lib/refusal.ts's Refusal instead; both answer `{detail}`.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly detail: string;

  constructor(statusCode: number, detail: string) {
    super(detail);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.detail = detail;
  }
}

/** The status of each kind of refusal (lib/refusal.ts): the one place a domain refusal becomes HTTP. */
export const REFUSAL_STATUS: Record<RefusalKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  gone: 410,
  'too-large': 413,
  'too-many': 429,
  unavailable: 503,
};

export const INTERNAL_ERROR_DETAIL = 'Internal server error';
export const NOT_FOUND_DETAIL = 'Not found.';
export const METHOD_NOT_ALLOWED_DETAIL = 'Method not allowed.';
export const PATH_SEGMENT_TOO_LONG_DETAIL = 'A path segment of the URL is too long.';

/** Response schemas of the error statuses a route can answer with, for the OpenAPI document. */
export function errorResponses(...codes: Array<400 | 401 | 403 | 404 | 409 | 410 | 413 | 429>) {
  return Object.fromEntries(codes.map((code) => [code, errorResponseSchema])) as Record<number, typeof errorResponseSchema>;
}

type PathSegment = PropertyKey;

/** ["users", 0, "email"] -> "users[0].email"; an empty path is the whole body / query / params. */
export function formatIssuePath(path: readonly PathSegment[], context: string | undefined): string {
  if (path.length === 0) return context ?? 'body';
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out ? `.${String(segment)}` : String(segment);
  }
  return out.startsWith('[') ? `${context ?? 'body'}${out}` : out;
}

/**
 * Zod's terse defaults ("Invalid email address") get the field in front. Messages the contracts
 * wrote for people are passed through: whole sentences ending with a full stop ("Tenant name
 * is required. Please enter a name for the tenant.") and ones that already start
 * with a field ("page: must be at least 1").
 */
export function formatIssueMessage(field: string, message: string): string {
  if (message.trimEnd().endsWith('.') || /^[\w.[\]]+: /.test(message)) return message;
  return `${field}: ${message}`;
}

const FASTIFY_CLIENT_ERRORS: Record<string, (error: FastifyError, bodyLimit: number) => string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: () => 'Malformed JSON in request body.',
  FST_ERR_CTP_EMPTY_JSON_BODY: () => 'Request body is empty but Content-Type is application/json.',
  FST_ERR_CTP_BODY_TOO_LARGE: (_error, limit) => `Request body is too large (limit ${limit} bytes).`,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => 'Request body size did not match Content-Length.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => 'Unsupported media type. Send application/json.',
  FST_ERR_BAD_URL: () => 'The URL is not valid (bad percent-encoding).',
  FST_ERR_MAX_PARAM_LENGTH: () => PATH_SEGMENT_TOO_LONG_DETAIL,
};

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request.',
  401: 'Authentication required.',
  403: 'Forbidden.',
  404: NOT_FOUND_DETAIL,
  405: METHOD_NOT_ALLOWED_DETAIL,
  406: 'Not acceptable.',
  408: 'Request timeout.',
  409: 'Conflict.',
  413: 'Request body is too large.',
  414: 'The URL is too long.',
  415: 'Unsupported media type.',
  416: 'Range not satisfiable.',
  429: 'Too many requests. Please try again later.',
};

function isViolation(code: string, error: unknown, constraint?: string): boolean {
  for (const e of causeChain(error)) {
    const pgError = e as { code?: unknown; constraint?: unknown };
    if (pgError.code === code) return constraint === undefined || pgError.constraint === constraint || String((e as Error).message).includes(constraint);
  }
  return false;
}

/** Unique-constraint violation from PostgreSQL, possibly wrapped by drizzle. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  return isViolation('23505', error, constraint);
}

/** Check-constraint violation: a row breaking a rule across its fields. */
export function isCheckViolation(error: unknown, constraint?: string): boolean {
  return isViolation('23514', error, constraint);
}

/** Foreign-key violation (a row pointing at one that does not exist, such as a deleted tenant). */
export function isForeignKeyViolation(error: unknown, constraint?: string): boolean {
  return isViolation('23503', error, constraint);
}

function sendError(reply: FastifyReply, statusCode: number, detail: string) {
  // The route's own serializer is for its success shape; errors always go out as { detail }.
  return reply.code(statusCode).type('application/json; charset=utf-8').serializer(JSON.stringify).send({ detail });
}

/**
 * The one error handler: every failure leaves as { "detail": "..." } with its status, and
 * nothing about the server's inside (stack, SQL, file names) reaches the client.
 */
export function registerErrorHandler(app: FastifyInstance, bodyLimit: number) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.error({ err: loggableError(error) }, 'request failed');
      return sendError(reply, error.statusCode, error.detail);
    }
    if (error instanceof Refusal) {
      const status = REFUSAL_STATUS[error.kind];
      if (status >= 500) request.log.error({ err: loggableError(error) }, 'request failed');
      return sendError(reply, status, error.detail);
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      // One message per field (the first failed check), fields in the order zod reports them.
      const byField = new Map<string, string>();
      for (const issue of error.validation) {
        const path = issue.instancePath
          .split('/')
          .slice(1)
          .filter((s) => s !== '');
        const segments = path.map((s) => (/^\d+$/.test(s) ? Number(s) : s));
        const field = formatIssuePath(segments, error.validationContext);
        if (!byField.has(field)) byField.set(field, formatIssueMessage(field, issue.message ?? 'Invalid value'));
      }
      const detail = [...byField.values()].reduce((all, message) => (all ? `${all}${all.endsWith('.') ? ' ' : '; '}${message}` : message), '');
      return sendError(reply, 400, detail);
    }

    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause?.issues }, 'response does not match its schema');
      return sendError(reply, 500, INTERNAL_ERROR_DETAIL);
    }

    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
      // Only Fastify's own client errors are known to carry a safe message.
      // A route may have its own body limit (the bulk upload does).
      const limit = request.routeOptions?.bodyLimit ?? bodyLimit;
      const detail = known ? known(error, limit) : error.code?.startsWith('FST_') ? error.message : (STATUS_TEXT[status] ?? 'Bad request.');
      return sendError(reply, status, detail);
    }

    const refusal = databaseRefusal(error);
    if (refusal) {
      request.log.warn({ err: loggableError(error) }, 'database refused the request');
      return sendError(reply, refusal.status, refusal.detail);
    }

    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: loggableError(error) }, 'database unavailable');
      // Nothing was written; the same request can simply be sent again.
      reply.header('retry-after', '2');
      return sendError(reply, 503, DATABASE_UNAVAILABLE_DETAIL);
    }

    request.log.error({ err: loggableError(error) }, 'unhandled error');
    return sendError(reply, 500, INTERNAL_ERROR_DETAIL);
  });
}

/**
 * Errors Fastify meets before any route is found (a URL that does not decode, a path segment over
 * maxParamLength) skip the error handler; this gives them the same { detail } shape.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 400;
  const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
  // Answered without the hooks (no-store.ts), on a path that may be the API's: a refusal is kept by no cache.
  reply.header('cache-control', 'no-store');
  return sendError(reply, status, known ? known(error, 0) : (STATUS_TEXT[status] ?? 'Bad request.'));
}

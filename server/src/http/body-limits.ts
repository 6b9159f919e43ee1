import type { FastifyInstance } from 'fastify';

/** The most bytes one character of a string takes in a JSON body: `\uXXXX`, as clients that escape everything but ASCII send it. */
const JSON_BYTES_PER_CHARACTER = 6;
/** Room for the keys, quotes and punctuation of a small object. */
const JSON_OBJECT_BYTES = 1024;

/**
 * The body limit of a route whose body is a small object holding at most `characters` characters
 * of text in all (the sum of its fields' maximum lengths): a few KB, so a body that could only be
 * refused is not read, let alone parsed. Parsing 8 MB of JSON holds the event loop, and with it
 * every other request, for over a second.
 */
export function jsonBodyLimit(characters: number): number {
  return characters * JSON_BYTES_PER_CHARACTER + JSON_OBJECT_BYTES;
}

/** What a route that reads no body accepts before answering 413 (an empty object, a stray newline). */
export const NO_BODY_LIMIT_BYTES = jsonBodyLimit(0);

/**
 * Every route that declares no body takes almost none, decided here for each route as it is added
 * (a route added later is covered too); a route that names its own limit keeps it.
 */
export function limitBodilessRoutes(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (route.bodyLimit !== undefined || (route.schema as { body?: unknown } | undefined)?.body !== undefined) return;
    route.bodyLimit = NO_BODY_LIMIT_BYTES;
  });
}

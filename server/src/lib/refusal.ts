/**
 * Why the server turned a request down, in the domain's words: the one way code below the routes
 * refuses. Its detail is meant for the client; http/errors.ts answers it as `{detail}` with the status
 * of its kind, and nothing below HTTP knows a status code.
 */
export type RefusalKind = 'invalid' | 'unauthenticated' | 'forbidden' | 'not-found' | 'conflict' | 'gone' | 'too-large' | 'too-many' | 'unavailable';

export class Refusal extends Error {
  readonly kind: RefusalKind;
  readonly detail: string;

  constructor(kind: RefusalKind, detail: string) {
    super(detail);
    this.name = 'Refusal';
    this.kind = kind;
    this.detail = detail;
  }
}

/** The request's values are wrong (a field named in the detail). */
export const badRequest = (detail: string) => new Refusal('invalid', detail);
/** No signed-in caller, or their sign-in does not hold. */
export const unauthorized = (detail: string) => new Refusal('unauthenticated', detail);
/** The caller may not do this. */
export const forbidden = (detail: string) => new Refusal('forbidden', detail);
/** Nothing the caller sees has that id (the same whether it exists elsewhere or not). */
export const notFound = (detail: string) => new Refusal('not-found', detail);
/** It clashes with what is there (a name taken, a record in use, a state that does not allow it). */
export const conflict = (detail: string) => new Refusal('conflict', detail);
/** It was there and is no more (an expired or used link). */
export const gone = (detail: string) => new Refusal('gone', detail);
/** More than the server takes at once (rows of an upload). */
export const tooLarge = (detail: string) => new Refusal('too-large', detail);
/** Too many in a short time, or at once: try again later. */
export const tooManyRequests = (detail: string) => new Refusal('too-many', detail);
/** Something the request needs is away for now (a bucket out of reach). */
export const unavailable = (detail: string) => new Refusal('unavailable', detail);

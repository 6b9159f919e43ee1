/** Why a layer below HTTP turned a request down; http/errors.ts gives each kind its status. */
export type RefusalKind = 'invalid' | 'forbidden' | 'not-found';

/**
 * A refusal whose detail is meant for the client, thrown by code that knows no HTTP (tenancy):
 * the error handler answers it as { detail } with the status of its kind, like an HttpError.
 */
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

export class ApiError extends Error {
  readonly status: number;
  readonly detail: string | undefined;

  constructor(status: number, detail: string | undefined, fallback?: string) {
    super(detail ?? fallback ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
  }
}

/** What a failure toast says: the server's detail when present, otherwise the screen's default. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.detail) return error.detail;
  return fallback;
}

/**
 * The server's reason when it refused a request (a 4xx with a detail): the person's input is at
 * fault and the reason belongs beside the field. Undefined for an outage (network, 5xx), which
 * the screen reports as a failure to load with Retry.
 */
export function refusalDetail(error: unknown): string | undefined {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401 && error.detail) return error.detail;
  return undefined;
}

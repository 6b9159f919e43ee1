import type { z } from 'zod';
import { getToken, SESSION_EXPIRED_EVENT } from '../session/session-store';
import { ApiError } from './api-error';
import { API_BASE, ensureCsrfCookie, readCookie } from './csrf';
import { freshToken, refreshSession } from './session-refresh';

export { API_BASE, readCookie } from './csrf';
export { freshToken } from './session-refresh';

export type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequest<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Parses the answer; a mismatch is a bug on one side and surfaces as an error. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  /** Upload progress, 0..1. Uses XMLHttpRequest because fetch cannot report it. */
  onUploadProgress?: (fraction: number) => void;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

function headersFor(hasBody: boolean): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (hasBody) headers['Content-Type'] = 'application/json';
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const csrf = readCookie('csrftoken');
  if (csrf) headers['X-CSRFToken'] = csrf;
  return headers;
}

/** Calls that sign in or renew: a 401 from them is their answer, not a token to renew. */
const SIGN_IN_PATHS = new Set(['/auth/login', '/auth/refresh']);

/**
 * Sends with the session's token, renewed first when it is about to expire. A 401 to a signed-in
 * call is tried once more after a refresh (the token may have lapsed on the way, or been renewed by
 * another tab); only when the refresh fails does the 401 stand and end the session.
 */
async function withSession<R extends { status: number }>(path: string, hasBody: boolean, send: (headers: Record<string, string>) => Promise<R>) {
  if (!SIGN_IN_PATHS.has(path)) await freshToken();
  const headers = headersFor(hasBody);
  const first = await send(headers);
  if (first.status !== 401 || !headers.Authorization || SIGN_IN_PATHS.has(path)) return { response: first, headers };
  const renewed = await refreshSession(headers.Authorization.slice('Bearer '.length));
  if (!renewed) return { response: first, headers };
  const retryHeaders = headersFor(hasBody);
  return { response: await send(retryHeaders), headers: retryHeaders };
}

function handleFailure(status: number, detail: string | undefined, hadToken: boolean): never {
  if (status === 401 && hadToken) window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
  throw new ApiError(status, detail);
}

function parse<T>(payload: unknown, schema?: z.ZodType<T>): T {
  return schema ? schema.parse(payload) : (payload as T);
}

export async function apiRequest<T = unknown>(path: string, request: ApiRequest<T> = {}): Promise<T> {
  const method = request.method ?? 'GET';
  const hasBody = request.body !== undefined;
  if (method !== 'GET') await ensureCsrfCookie();
  const url = buildUrl(path, request.query);
  const body = hasBody ? JSON.stringify(request.body) : undefined;

  const { response, headers } = await withSession(path, hasBody, async (headers) => {
    if (request.onUploadProgress) return xhrRequest(method, url, headers, body, request);
    const answer = await fetch(url, { method, headers, body, credentials: 'same-origin', signal: request.signal });
    return { status: answer.status, text: await answer.text() };
  });
  const payload = response.text ? safeJson(response.text) : undefined;
  if (response.status < 200 || response.status >= 300) handleFailure(response.status, detailOf(payload), Boolean(headers.Authorization));
  return parse(payload, request.schema);
}

/** A file from the API (a PDF) with the same auth as every call, and the name the server gave it. */
export async function apiDownload(path: string, fallbackName: string): Promise<{ blob: Blob; filename: string }> {
  const { response, headers } = await withSession(path, false, (headers) =>
    fetch(buildUrl(path), { headers: { ...headers, Accept: '*/*' }, credentials: 'same-origin' }),
  );
  if (!response.ok) {
    const text = await response.text();
    handleFailure(response.status, detailOf(text ? safeJson(text) : undefined), Boolean(headers.Authorization));
  }
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  return { blob: await response.blob(), filename };
}

function xhrRequest<T>(
  method: string,
  url: string,
  headers: Record<string, string>,
  body: string | undefined,
  request: ApiRequest<T>,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [key, value] of Object.entries(headers)) xhr.setRequestHeader(key, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) request.onUploadProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new TypeError('Network error'));
    request.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(body);
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function detailOf(payload: unknown): string | undefined {
  if (payload && typeof payload === 'object' && 'detail' in payload) {
    const detail = (payload as { detail: unknown }).detail;
    if (typeof detail === 'string') return detail;
  }
  return undefined;
}

import type { z } from 'zod';
import { getToken, SESSION_EXPIRED_EVENT } from '../session/session-store';
import { ApiError } from './api-error';

export const API_BASE = '/api/v1';

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

export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
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

async function ensureCsrfCookie() {
  // The server sets the cookie on any first response; a state-changing call made before any
  // other request (a visitor's first contact form send) fetches it first.
  if (!readCookie('csrftoken')) await fetch(`${API_BASE}/health`, { credentials: 'same-origin' }).catch(() => {});
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
  const headers = headersFor(hasBody);
  const url = buildUrl(path, request.query);
  const body = hasBody ? JSON.stringify(request.body) : undefined;

  if (request.onUploadProgress) return xhrRequest(method, url, headers, body, request);

  const response = await fetch(url, { method, headers, body, credentials: 'same-origin', signal: request.signal });
  const text = await response.text();
  const payload = text ? safeJson(text) : undefined;
  if (!response.ok) handleFailure(response.status, detailOf(payload), Boolean(headers.Authorization));
  return parse(payload, request.schema);
}

/** A file from the API (a PDF) with the same auth as every call, and the name the server gave it. */
export async function apiDownload(path: string, fallbackName: string): Promise<{ blob: Blob; filename: string }> {
  const headers: Record<string, string> = { ...headersFor(false), Accept: '*/*' };
  const response = await fetch(buildUrl(path), { headers, credentials: 'same-origin' });
  if (!response.ok) {
    const text = await response.text();
    handleFailure(response.status, detailOf(text ? safeJson(text) : undefined), Boolean(headers.Authorization));
  }
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  return { blob: await response.blob(), filename };
}

function xhrRequest<T>(method: string, url: string, headers: Record<string, string>, body: string | undefined, request: ApiRequest<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [key, value] of Object.entries(headers)) xhr.setRequestHeader(key, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) request.onUploadProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const payload = xhr.responseText ? safeJson(xhr.responseText) : undefined;
      try {
        if (xhr.status < 200 || xhr.status >= 300) handleFailure(xhr.status, detailOf(payload), Boolean(headers.Authorization));
        resolve(parse(payload, request.schema));
      } catch (error) {
        reject(error);
      }
    };
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

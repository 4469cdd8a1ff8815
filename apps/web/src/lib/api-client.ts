import type { ErrorCode } from '@meeet/core/api/errors';
import { HTTP_HEADERS } from '@meeet/core/constants';
import i18n from '../i18n/i18n.ts';
import { readAffiliate } from './affiliate.ts';
import { getFingerprint } from './fingerprint.ts';
import { logout } from './session.ts';
import { getToken } from './stores/auth-store.ts';
import { useErrorsStore } from './stores/errors-store.ts';

export const API_BASE = '/api';

/** Anything with zod's `safeParse` shape; keeps this file free of a zod import. */
export interface ResponseSchema<T> {
  safeParse: (data: unknown) => { success: true; data: T } | { success: false; error: unknown };
}

/**
 * A response schema, or a function that loads it: the call then starts loading it beside the
 * request and checks the answer once both are in (lib/money-schemas.ts).
 */
export type SchemaSource<T> = ResponseSchema<T> | (() => Promise<ResponseSchema<T>>);

export type ApiSuccess<T> = { ok: true; code: number; data: T };
export type ApiFailure = {
  ok: false;
  code: number;
  /** The server's message, else 'ERROR' (spec §8). */
  error: string;
  errorCode?: string;
  fields?: Record<string, string>;
  /** Seconds from the Retry-After header (429: when a new code may be asked for). */
  retryAfter?: number;
};
export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

export type QueryValue =
  string | number | boolean | null | undefined | ReadonlyArray<string | number | boolean>;
export type QueryParams = Record<string, QueryValue>;

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Per-call extras: headers a call needs besides the common ones (an Idempotency-Key). */
export interface RequestOptions {
  headers?: Record<string, string>;
}

// Spec §8: a failure without a status counts as 400.
const DEFAULT_FAILURE_STATUS = 400;
// Checked against core's ErrorCode at compile time; importing the value would pull errors.ts's
// zod schemas (chained, so not tree-shakeable) into the first-page bundle.
const UNKNOWN_ERROR = 'UNKNOWN_ERROR' satisfies ErrorCode;
const INTERNAL_ERROR = 'INTERNAL_ERROR' satisfies ErrorCode;

export function buildUrl(url: string, query?: QueryParams): string {
  const path = `${API_BASE}${url.startsWith('/') ? url : `/${url}`}`;
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

function buildHeaders(body: unknown, extra?: Record<string, string>): Headers {
  const headers = new Headers({ Accept: 'application/json', ...extra });
  // FormData sets its own multipart boundary; a manual Content-Type would break it.
  if (!(body instanceof FormData)) headers.set('Content-Type', 'application/json');
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  headers.set(HTTP_HEADERS.FINGERPRINT, getFingerprint());
  const { cpa, uid } = readAffiliate();
  if (cpa) headers.set(HTTP_HEADERS.CPA_LINK_ID, cpa);
  if (uid) headers.set(HTTP_HEADERS.CPA_UID, uid);
  headers.set('x-locale', i18n.resolvedLanguage ?? i18n.language);
  return headers;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function fail(url: string, code: number, body: unknown, headers?: Headers): ApiFailure {
  const parsed = (body && typeof body === 'object' ? body : {}) as {
    code?: unknown;
    message?: unknown;
    fields?: unknown;
  };
  const message = typeof parsed.message === 'string' && parsed.message ? parsed.message : undefined;
  useErrorsStore.getState().record({ code, url, message: message ?? UNKNOWN_ERROR });
  const failure: ApiFailure = { ok: false, code, error: message ?? 'ERROR' };
  if (typeof parsed.code === 'string') failure.errorCode = parsed.code;
  if (parsed.fields && typeof parsed.fields === 'object')
    failure.fields = parsed.fields as Record<string, string>;
  const retryAfter = Number(headers?.get('retry-after'));
  if (Number.isFinite(retryAfter) && retryAfter > 0) failure.retryAfter = retryAfter;
  return failure;
}

async function request<T>(
  method: Method,
  url: string,
  payload?: unknown,
  schema?: SchemaSource<T>,
  options?: RequestOptions,
): Promise<ApiResult<T>> {
  // Loaded beside the request; a schema that cannot be loaded fails the call like the network.
  const checker =
    typeof schema === 'function'
      ? schema().then(
          (loaded) => loaded,
          () => null,
        )
      : schema;
  // Spec §7: GET and DELETE carry their payload in the query string.
  const inQuery = method === 'GET' || method === 'DELETE';
  const fullUrl = inQuery ? buildUrl(url, payload as QueryParams | undefined) : buildUrl(url);
  const body =
    inQuery || payload === undefined
      ? undefined
      : payload instanceof FormData
        ? payload
        : JSON.stringify(payload);

  let response: Response;
  try {
    response = await fetch(fullUrl, {
      method,
      headers: buildHeaders(payload, options?.headers),
      body,
    });
  } catch {
    return fail(fullUrl, DEFAULT_FAILURE_STATUS, undefined);
  }

  const data = await readBody(response);
  if (!response.ok) {
    if (response.status === 401) logout({ redirect: false });
    return fail(fullUrl, response.status || DEFAULT_FAILURE_STATUS, data, response.headers);
  }
  if (!checker) return { ok: true, code: response.status, data: data as T };
  const loaded = await checker;
  if (!loaded) return fail(fullUrl, DEFAULT_FAILURE_STATUS, undefined);
  const checked = loaded.safeParse(data);
  if (checked.success) return { ok: true, code: response.status, data: checked.data };
  // A success the contract does not describe is a server bug; callers must not read it.
  return fail(fullUrl, 500, { code: INTERNAL_ERROR, message: 'Invalid response' });
}

export const api = {
  get: <T>(url: string, query?: QueryParams, schema?: SchemaSource<T>) =>
    request<T>('GET', url, query, schema),
  delete: <T>(url: string, query?: QueryParams, schema?: SchemaSource<T>) =>
    request<T>('DELETE', url, query, schema),
  post: <T>(url: string, body?: unknown, schema?: SchemaSource<T>, options?: RequestOptions) =>
    request<T>('POST', url, body, schema, options),
  patch: <T>(url: string, body?: unknown, schema?: SchemaSource<T>) =>
    request<T>('PATCH', url, body, schema),
  put: <T>(url: string, body?: unknown, schema?: SchemaSource<T>) =>
    request<T>('PUT', url, body, schema),
  upload: <T>(url: string, formData: FormData, schema?: SchemaSource<T>) =>
    request<T>('POST', url, formData, schema),
};

import type { ErrorCode } from '@meeet/core/api/errors';
import { HTTP_HEADERS } from '@meeet/core/constants';

/** Anything with zod's `safeParse` shape; keeps this file (and the web's first page) free of zod. */
export interface ResponseSchema<T> {
  safeParse: (data: unknown) => { success: true; data: T } | { success: false; error: unknown };
}

/**
 * A response schema, or a function that loads it: the call then starts loading it beside the
 * request and checks the answer once both are in (the web's lib/money-schemas.ts).
 */
export type SchemaSource<T> = ResponseSchema<T> | (() => Promise<ResponseSchema<T>>);

export type ApiSuccess<T> = { ok: true; code: number; data: T };
export type ApiFailure = {
  ok: false;
  code: number;
  /** The server's message (already in the user's language), else 'ERROR' (spec §8). */
  error: string;
  errorCode?: string;
  fields?: Record<string, string>;
  /** Machine-readable facts of the refusal (the error body's `details`). */
  details?: Record<string, string>;
  /** Seconds from the Retry-After header (429: when a new code may be asked for). */
  retryAfter?: number;
};
export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

export type QueryValue =
  string | number | boolean | null | undefined | ReadonlyArray<string | number | boolean>;
export type QueryParams = Record<string, QueryValue>;
export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Per-call extras: headers a call needs besides the common ones (an Idempotency-Key). */
export interface RequestOptions {
  headers?: Record<string, string>;
}

/** Signs some calls over the exact bytes sent (the app's App Attest assertions, issue 39). */
export interface RequestSigner {
  signs: (method: Method, path: string) => boolean;
  /** Headers for a call; `target` is the URL after the origin, `body` the text sent. */
  headers: (method: Method, target: string, body: string) => Promise<Record<string, string>>;
  /** Runs signed calls one at a time (an assertion counter must rise in the order sent). */
  inTurn: <T>(work: () => Promise<T>) => Promise<T>;
}

/** What an app gives the client: where the server is and who is asking. */
export interface ApiClientConfig {
  /** Before `/api`: '' for the page's own origin (the web), the configured host on the phone. */
  origin: () => string;
  token: () => string | null;
  fingerprint: () => string;
  locale: () => string;
  /** Headers the app adds to every call (the web's affiliate ids). */
  headers?: () => Record<string, string>;
  /** Spec §8: a 401 ends the session; the app signs out (the screens follow the session). */
  onUnauthorized: () => void;
  /** Every failure, with the server's own message when it gave one (the web's error log). */
  onFailure?: (failure: ApiFailure, url: string, serverMessage: string | undefined) => void;
  signer?: RequestSigner;
}

// Spec §8: a failure without a status counts as 400.
const DEFAULT_FAILURE_STATUS = 400;
// Checked against core's ErrorCode at compile time; importing the value would pull errors.ts's
// zod schemas (chained, so not tree-shakeable) into the web's first-page bundle.
const INTERNAL_ERROR = 'INTERNAL_ERROR' satisfies ErrorCode;

/** `/api` + path, with the query's set values (arrays as repeated keys). */
export function apiPath(path: string, query?: QueryParams): string {
  const url = `/api${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `${url}?${text}` : url;
}

function isFormData(body: unknown): body is FormData {
  return typeof FormData !== 'undefined' && body instanceof FormData;
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

function asRecord(value: unknown): Record<string, string> | undefined {
  return value && typeof value === 'object' ? (value as Record<string, string>) : undefined;
}

/** The spec §8 failure a status and an error body (`{ code, message, fields, details }`) make. */
export function failureOf(code: number, body: unknown, headers?: Headers): ApiFailure {
  const parsed = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const message = typeof parsed.message === 'string' && parsed.message ? parsed.message : 'ERROR';
  const failure: ApiFailure = { ok: false, code, error: message };
  if (typeof parsed.code === 'string') failure.errorCode = parsed.code;
  const fields = asRecord(parsed.fields);
  if (fields) failure.fields = fields;
  const details = asRecord(parsed.details);
  if (details) failure.details = details;
  const retryAfter = Number(headers?.get('retry-after'));
  if (Number.isFinite(retryAfter) && retryAfter > 0) failure.retryAfter = retryAfter;
  return failure;
}

export interface ApiClient {
  /** The full URL of an API path (origin + `/api` + path + query). */
  url: (path: string, query?: QueryParams) => string;
  get: <T>(path: string, query?: QueryParams, schema?: SchemaSource<T>) => Promise<ApiResult<T>>;
  delete: <T>(
    path: string,
    query?: QueryParams,
    schema?: SchemaSource<T>,
    options?: RequestOptions,
  ) => Promise<ApiResult<T>>;
  post: <T>(
    path: string,
    body?: unknown,
    schema?: SchemaSource<T>,
    options?: RequestOptions,
  ) => Promise<ApiResult<T>>;
  patch: <T>(
    path: string,
    body?: unknown,
    schema?: SchemaSource<T>,
    options?: RequestOptions,
  ) => Promise<ApiResult<T>>;
  put: <T>(
    path: string,
    body?: unknown,
    schema?: SchemaSource<T>,
    options?: RequestOptions,
  ) => Promise<ApiResult<T>>;
  upload: <T>(path: string, formData: FormData, schema?: SchemaSource<T>) => Promise<ApiResult<T>>;
}

/** The typed API client of spec §7 (headers, query payloads) and §8 (failures, 401). */
export function createApiClient(config: ApiClientConfig): ApiClient {
  const url = (path: string, query?: QueryParams) => `${config.origin()}${apiPath(path, query)}`;

  function headersFor(body: string | FormData | undefined, extra?: Record<string, string>) {
    const headers: Record<string, string> = { Accept: 'application/json' };
    // Only a JSON text is labelled JSON: FormData sets its own multipart boundary, and a
    // JSON label on no body at all is refused by the server (Fastify: empty JSON body).
    if (typeof body === 'string') headers['Content-Type'] = 'application/json';
    Object.assign(headers, {
      [HTTP_HEADERS.FINGERPRINT]: config.fingerprint(),
      'x-locale': config.locale(),
      ...config.headers?.(),
      ...extra,
    });
    const token = config.token();
    if (token) headers.Authorization = `Bearer ${token}`;
    return headers;
  }

  function fail(target: string, code: number, body: unknown, headers?: Headers): ApiFailure {
    const failure = failureOf(code, body, headers);
    const message = (body as { message?: unknown } | undefined)?.message;
    const serverMessage = typeof message === 'string' && message ? message : undefined;
    config.onFailure?.(failure, target, serverMessage);
    return failure;
  }

  async function request<T>(
    method: Method,
    path: string,
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
    const target = inQuery ? apiPath(path, payload as QueryParams | undefined) : apiPath(path);
    const full = `${config.origin()}${target}`;
    const body =
      inQuery || payload === undefined
        ? undefined
        : isFormData(payload)
          ? payload
          : JSON.stringify(payload);
    const signer = config.signer?.signs(method, path) ? config.signer : undefined;
    const send = async (): Promise<Response | null> => {
      const signed = signer
        ? await signer.headers(method, target, typeof body === 'string' ? body : '')
        : {};
      try {
        const headers = headersFor(body, { ...options?.headers, ...signed });
        return await fetch(full, { method, headers, body });
      } catch {
        return null;
      }
    };
    const response = await (signer ? signer.inTurn(send) : send());
    if (!response) return fail(full, DEFAULT_FAILURE_STATUS, undefined);
    const data = await readBody(response);
    if (!response.ok) {
      if (response.status === 401) config.onUnauthorized();
      return fail(full, response.status || DEFAULT_FAILURE_STATUS, data, response.headers);
    }
    if (!checker) return { ok: true, code: response.status, data: data as T };
    const loaded = await checker;
    if (!loaded) return fail(full, DEFAULT_FAILURE_STATUS, undefined);
    const checked = loaded.safeParse(data);
    if (checked.success) return { ok: true, code: response.status, data: checked.data };
    // A success the contract does not describe is a server bug; callers must not read it.
    return fail(full, 500, { code: INTERNAL_ERROR, message: 'Invalid response' });
  }

  return {
    url,
    get: (path, query, schema) => request('GET', path, query, schema),
    delete: (path, query, schema, options) => request('DELETE', path, query, schema, options),
    post: (path, body, schema, options) => request('POST', path, body, schema, options),
    patch: (path, body, schema, options) => request('PATCH', path, body, schema, options),
    put: (path, body, schema, options) => request('PUT', path, body, schema, options),
    upload: (path, formData, schema) => request('POST', path, formData, schema),
  };
}

/** Thrown by `unwrap` so React Query sees a failure with the server's message. */
export class ApiError extends Error {
  constructor(readonly failure: ApiFailure) {
    super(failure.error);
  }
}

/** The data of a success, or an ApiError (for React Query's error state). */
export async function unwrap<T>(result: Promise<ApiResult<T>>): Promise<T> {
  const answer = await result;
  if (!answer.ok) throw new ApiError(answer);
  return answer.data;
}

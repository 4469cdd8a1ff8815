import { HTTP_HEADERS } from '@meeet/core/constants';
import { apiOrigin } from './config.ts';
import { assertionHeaders, inSigningTurn, isSignedCall } from './device-key.ts';
import { fingerprint } from './fingerprint.ts';
import { currentLocale } from './locale-state.ts';
import { signOut, token } from './session.ts';

/** Anything with zod's `safeParse` shape. */
export interface ResponseSchema<T> {
  safeParse: (data: unknown) => { success: true; data: T } | { success: false; error: unknown };
}

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
};
export type ApiResult<T> = ApiSuccess<T> | ApiFailure;
type Query = Record<string, string | number | boolean | null | undefined>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Thrown by `unwrap` so React Query sees a failure with the server's message. */
export class ApiError extends Error {
  constructor(readonly failure: ApiFailure) {
    super(failure.error);
  }
}

export function buildUrl(path: string, query?: Query): string {
  const url = `${apiOrigin()}/api${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `${url}?${text}` : url;
}

/** Spec §7 headers: Bearer token, JSON both ways, the stored fingerprint; plus the language. */
export function buildHeaders(extra?: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
    [HTTP_HEADERS.FINGERPRINT]: fingerprint(),
    'x-locale': currentLocale(),
    ...extra,
  };
  const bearer = token();
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  return headers;
}

function failure(code: number, body: unknown): ApiFailure {
  const parsed = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const result: ApiFailure = {
    ok: false,
    code,
    error: typeof parsed.message === 'string' && parsed.message ? parsed.message : 'ERROR',
  };
  if (typeof parsed.code === 'string') result.errorCode = parsed.code;
  if (parsed.fields && typeof parsed.fields === 'object')
    result.fields = parsed.fields as Record<string, string>;
  if (parsed.details && typeof parsed.details === 'object')
    result.details = parsed.details as Record<string, string>;
  return result;
}

async function request<T>(
  method: Method,
  path: string,
  payload?: unknown,
  schema?: ResponseSchema<T>,
): Promise<ApiResult<T>> {
  // Spec §7: GET and DELETE send the payload as query parameters.
  const inQuery = method === 'GET' || method === 'DELETE';
  const url = inQuery ? buildUrl(path, payload as Query | undefined) : buildUrl(path);
  const sent = inQuery || payload === undefined ? undefined : JSON.stringify(payload);
  const send = async (): Promise<Response | null> => {
    // Meeting calls carry an App Attest assertion over the exact bytes sent (issue 39); they
    // have no query, so the path signed is the URL after the origin.
    const signed = isSignedCall(method, path)
      ? await assertionHeaders(method, url.slice(apiOrigin().length), sent ?? '')
      : {};
    try {
      return await fetch(url, { method, headers: buildHeaders(signed), body: sent });
    } catch {
      return null;
    }
  };
  const response = await (isSignedCall(method, path) ? inSigningTurn(send) : send());
  // Spec §8: a failure without a status counts as 400.
  if (!response) return failure(400, undefined);
  const text = response.status === 204 ? '' : await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  if (!response.ok) {
    // Spec §8: 401 signs out (no redirect: the screens follow the session).
    if (response.status === 401 && token()) void signOut();
    return failure(response.status || 400, body);
  }
  if (!schema) return { ok: true, code: response.status, data: body as T };
  const checked = schema.safeParse(body);
  if (checked.success) return { ok: true, code: response.status, data: checked.data };
  return failure(500, { code: 'INTERNAL_ERROR', message: 'Invalid response' });
}

export const api = {
  get: <T>(path: string, query?: Query, schema?: ResponseSchema<T>) =>
    request('GET', path, query, schema),
  delete: <T>(path: string, query?: Query, schema?: ResponseSchema<T>) =>
    request('DELETE', path, query, schema),
  post: <T>(path: string, body?: unknown, schema?: ResponseSchema<T>) =>
    request('POST', path, body, schema),
  put: <T>(path: string, body?: unknown, schema?: ResponseSchema<T>) =>
    request('PUT', path, body, schema),
};

/** The data of a success, or an ApiError (for React Query's error state). */
export async function unwrap<T>(result: Promise<ApiResult<T>>): Promise<T> {
  const answer = await result;
  if (!answer.ok) throw new ApiError(answer);
  return answer.data;
}

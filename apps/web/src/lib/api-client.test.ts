import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serveApi, type SentRequest } from '../../test/api-server.ts';
import { api } from './api-client.ts';
import { STORAGE_KEYS } from './storage.ts';
import { useAuthStore } from './stores/auth-store.ts';
import { useErrorsStore } from './stores/errors-store.ts';

function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** The API's next answers, each once, in order; the last one keeps answering. */
let replies: (() => Response)[] = [];
let answering: () => Response = () => jsonResponse(204);
const reply = (...next: (() => Response)[]) => replies.push(...next);
let sent: SentRequest[] = [];

function lastCall(): SentRequest & { url: string } {
  const last = sent.at(-1);
  if (!last) throw new Error('no request was sent');
  const query = last.query.toString();
  return { ...last, url: query ? `${last.path}?${query}` : last.path };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  useErrorsStore.getState().clear();
  useAuthStore.getState().clear();
  replies = [];
  answering = () => jsonResponse(204);
  sent = serveApi({
    '* /api/*': () => {
      answering = replies.shift() ?? answering;
      return answering();
    },
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('api client', () => {
  it('sends the spec §7 headers', async () => {
    useAuthStore.getState().setAuth({ token: 'jwt-token', user: { id: 1 } });
    localStorage.setItem(STORAGE_KEYS.cpa, 'link-7');
    localStorage.setItem(STORAGE_KEYS.cpaUid, 'click-9');
    localStorage.setItem(STORAGE_KEYS.fingerprint, 'fp-1');
    reply(() => jsonResponse(200, { ok: 1 }));

    await api.post('/user/login', { email: 'a@b.co' });

    const { url, method, body, headers } = lastCall();
    expect(url).toBe('/api/user/login');
    expect(method).toBe('POST');
    expect(body).toEqual({ email: 'a@b.co' });
    expect(headers.get('Authorization')).toBe('Bearer jwt-token');
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('x-fp')).toBe('fp-1');
    expect(headers.get('x-cpa-link-id')).toBe('link-7');
    expect(headers.get('x-uid')).toBe('click-9');
    expect(headers.get('x-locale')).toMatch(/^(en|ru)$/);
  });

  it('generates and keeps a fingerprint when none is stored', async () => {
    reply(() => jsonResponse(200, {}));
    await api.get('/crypto');
    const first = lastCall().headers.get('x-fp');
    await api.get('/crypto');
    expect(first).toBeTruthy();
    expect(lastCall().headers.get('x-fp')).toBe(first);
    expect(localStorage.getItem(STORAGE_KEYS.fingerprint)).toBe(first);
  });

  it('omits auth and affiliate headers when nothing is stored', async () => {
    reply(() => jsonResponse(200, {}));
    await api.get('/crypto');
    const { headers } = lastCall();
    expect(headers.has('Authorization')).toBe(false);
    expect(headers.has('x-cpa-link-id')).toBe(false);
    expect(headers.has('x-uid')).toBe(false);
  });

  it('sends GET and DELETE payloads as query parameters', async () => {
    reply(() => jsonResponse(200, []));

    await api.get('/kyc/moderate/list', {
      offset: 0,
      limit: 20,
      status: 'requested',
      lastName: undefined,
    });
    expect(lastCall().url).toBe('/api/kyc/moderate/list?offset=0&limit=20&status=requested');
    expect(lastCall().body).toBeUndefined();

    await api.delete('/media/5', { reason: 'dup' });
    expect(lastCall().url).toBe('/api/media/5?reason=dup');
    expect(lastCall().method).toBe('DELETE');
    expect(lastCall().body).toBeUndefined();
  });

  it('lets the browser set the multipart header for uploads', async () => {
    reply(() => jsonResponse(200, { id: 1 }));
    const form = new FormData();
    form.append('album', 'kyc');
    await api.upload('/media', form);
    const { body, headers } = lastCall();
    expect(body).toMatch(/name="album"\r\n\r\nkyc/);
    expect(headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('returns ok with data on success', async () => {
    reply(() => jsonResponse(200, { balance: '10' }));
    await expect(api.get('/crypto/wallet')).resolves.toEqual({
      ok: true,
      code: 200,
      data: { balance: '10' },
    });
  });

  it('validates data against a schema when one is given', async () => {
    const schema = {
      safeParse: (data: unknown) =>
        typeof data === 'object' && data !== null && 'id' in data
          ? { success: true as const, data: data as { id: number } }
          : { success: false as const, error: new Error('bad') },
    };
    reply(() => jsonResponse(200, { id: 3 }));
    await expect(api.get('/user/me', undefined, schema)).resolves.toMatchObject({
      ok: true,
      data: { id: 3 },
    });
    reply(() => jsonResponse(200, { nope: true }));
    await expect(api.get('/user/me', undefined, schema)).resolves.toMatchObject({ ok: false });
  });

  it('checks the answer with a schema loaded beside the request', async () => {
    const schema = {
      safeParse: (data: unknown) =>
        typeof data === 'object' && data !== null && 'id' in data
          ? { success: true as const, data: data as { id: number } }
          : { success: false as const, error: new Error('bad') },
    };
    const load = vi.fn(() => Promise.resolve(schema));
    reply(() => jsonResponse(200, { id: 3 }));
    await expect(api.get('/crypto/market', undefined, load)).resolves.toMatchObject({
      ok: true,
      data: { id: 3 },
    });
    expect(load).toHaveBeenCalledTimes(1);
    reply(() => jsonResponse(200, { nope: true }));
    await expect(api.get('/crypto/market', undefined, load)).resolves.toMatchObject({
      ok: false,
      code: 500,
    });
  });

  it('fails the call like the network when its schema cannot be loaded', async () => {
    reply(() => jsonResponse(200, { id: 3 }));
    const result = await api.get('/crypto/market', undefined, () =>
      Promise.reject(new Error('chunk did not arrive')),
    );
    expect(result).toMatchObject({ ok: false, code: 400, error: 'ERROR' });
  });

  it('records failures and returns the server message', async () => {
    reply(() => jsonResponse(404, { code: 'USER_NOT_FOUND', message: 'No such user' }));
    const result = await api.post('/user/recovery-password/send-code', { email: 'x@y.co' });
    expect(result).toEqual({
      ok: false,
      code: 404,
      error: 'No such user',
      errorCode: 'USER_NOT_FOUND',
    });
    expect(useErrorsStore.getState().errors).toEqual([
      { code: 404, url: '/api/user/recovery-password/send-code', message: 'No such user' },
    ]);
  });

  it('falls back to UNKNOWN_ERROR / ERROR without a server message, and 400 without a status', async () => {
    reply(() => new Response('', { status: 500 }));
    await expect(api.get('/crypto')).resolves.toEqual({ ok: false, code: 500, error: 'ERROR' });

    reply(() => HttpResponse.error());
    await expect(api.get('/crypto/fee')).resolves.toEqual({ ok: false, code: 400, error: 'ERROR' });

    expect(useErrorsStore.getState().errors).toEqual([
      { code: 500, url: '/api/crypto', message: 'UNKNOWN_ERROR' },
      { code: 400, url: '/api/crypto/fee', message: 'UNKNOWN_ERROR' },
    ]);
  });

  it('logs out without redirecting on 401', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    useAuthStore.getState().setAuth({ token: 'expired', user: { id: 2 } });
    expect(localStorage.getItem(STORAGE_KEYS.auth)).not.toBeNull();
    reply(() => jsonResponse(401, { code: 'TOKEN_INVALID', message: 'Session ended' }));

    const result = await api.get('/user/me');

    expect(result).toMatchObject({ ok: false, code: 401 });
    expect(useAuthStore.getState().token).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.auth)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.accessKey)).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });
});

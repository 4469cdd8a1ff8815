import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

const fetchMock = vi.fn<typeof fetch>();

function lastCall(): { url: string; init: RequestInit; headers: Headers } {
  const [url, init = {}] = fetchMock.mock.calls.at(-1) ?? [];
  return { url: String(url), init, headers: new Headers(init.headers) };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  useErrorsStore.getState().clear();
  useAuthStore.getState().clear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('sends the spec §7 headers', async () => {
    useAuthStore.getState().setAuth({ token: 'jwt-token', user: { id: 1 } });
    localStorage.setItem(STORAGE_KEYS.cpa, 'link-7');
    localStorage.setItem(STORAGE_KEYS.cpaUid, 'click-9');
    localStorage.setItem(STORAGE_KEYS.fingerprint, 'fp-1');
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { ok: 1 }));

    await api.post('/user/login', { email: 'a@b.co' });

    const { url, init, headers } = lastCall();
    expect(url).toBe('/api/user/login');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify({ email: 'a@b.co' }));
    expect(headers.get('Authorization')).toBe('Bearer jwt-token');
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('x-fp')).toBe('fp-1');
    expect(headers.get('x-cpa-link-id')).toBe('link-7');
    expect(headers.get('x-uid')).toBe('click-9');
    expect(headers.get('x-locale')).toMatch(/^(en|ru)$/);
  });

  it('generates and keeps a fingerprint when none is stored', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, {}));
    await api.get('/crypto');
    const first = lastCall().headers.get('x-fp');
    await api.get('/crypto');
    expect(first).toBeTruthy();
    expect(lastCall().headers.get('x-fp')).toBe(first);
    expect(localStorage.getItem(STORAGE_KEYS.fingerprint)).toBe(first);
  });

  it('omits auth and affiliate headers when nothing is stored', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, {}));
    await api.get('/crypto');
    const { headers } = lastCall();
    expect(headers.has('Authorization')).toBe(false);
    expect(headers.has('x-cpa-link-id')).toBe(false);
    expect(headers.has('x-uid')).toBe(false);
  });

  it('sends GET and DELETE payloads as query parameters', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, []));

    await api.get('/kyc/moderate/list', {
      offset: 0,
      limit: 20,
      status: 'requested',
      lastName: undefined,
    });
    expect(lastCall().url).toBe('/api/kyc/moderate/list?offset=0&limit=20&status=requested');
    expect(lastCall().init.body).toBeUndefined();

    await api.delete('/media/5', { reason: 'dup' });
    expect(lastCall().url).toBe('/api/media/5?reason=dup');
    expect(lastCall().init.method).toBe('DELETE');
    expect(lastCall().init.body).toBeUndefined();
  });

  it('lets the browser set the multipart header for uploads', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { id: 1 }));
    const form = new FormData();
    form.append('album', 'kyc');
    await api.upload('/media', form);
    const { init, headers } = lastCall();
    expect(init.body).toBe(form);
    expect(headers.has('Content-Type')).toBe(false);
  });

  it('returns ok with data on success', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { balance: '10' }));
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
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { id: 3 }));
    await expect(api.get('/user/me', undefined, schema)).resolves.toMatchObject({
      ok: true,
      data: { id: 3 },
    });
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { nope: true }));
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
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { id: 3 }));
    await expect(api.get('/crypto/market', undefined, load)).resolves.toMatchObject({
      ok: true,
      data: { id: 3 },
    });
    expect(load).toHaveBeenCalledTimes(1);
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { nope: true }));
    await expect(api.get('/crypto/market', undefined, load)).resolves.toMatchObject({
      ok: false,
      code: 500,
    });
  });

  it('fails the call like the network when its schema cannot be loaded', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { id: 3 }));
    const result = await api.get('/crypto/market', undefined, () =>
      Promise.reject(new Error('chunk did not arrive')),
    );
    expect(result).toMatchObject({ ok: false, code: 400, error: 'ERROR' });
  });

  it('records failures and returns the server message', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(404, { code: 'USER_NOT_FOUND', message: 'No such user' }),
    );
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
    fetchMock.mockResolvedValueOnce(new Response('', { status: 500 }));
    await expect(api.get('/crypto')).resolves.toEqual({ ok: false, code: 500, error: 'ERROR' });

    fetchMock.mockRejectedValueOnce(new TypeError('network down'));
    await expect(api.get('/crypto/fee')).resolves.toEqual({ ok: false, code: 400, error: 'ERROR' });

    expect(useErrorsStore.getState().errors).toEqual([
      { code: 500, url: '/api/crypto', message: 'UNKNOWN_ERROR' },
      { code: 400, url: '/api/crypto/fee', message: 'UNKNOWN_ERROR' },
    ]);
  });

  it('logs out without redirecting on 401', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    useAuthStore.getState().setAuth({ token: 'expired', user: { id: 2 } });
    expect(localStorage.getItem(STORAGE_KEYS.auth)).not.toBeNull();
    fetchMock.mockResolvedValueOnce(
      jsonResponse(401, { code: 'TOKEN_INVALID', message: 'Session ended' }),
    );

    const result = await api.get('/user/me');

    expect(result).toMatchObject({ ok: false, code: 401 });
    expect(useAuthStore.getState().token).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.auth)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.accessKey)).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });
});

import { SOCKET_DEFAULTS } from '@meeet/core/constants';
import { fakeServer, signedIn } from '../../test/helpers.tsx';
import { api } from './api.ts';
import { fingerprint, loadFingerprint } from './fingerprint.ts';
import { sessionStore } from './session.ts';
import { localeStore } from './locale-state.ts';
import { connect, disconnect, emit } from './socket.ts';

const mockIo = jest.fn((..._args: unknown[]) => ({
  connected: false,
  on: jest.fn(),
  off: jest.fn(),
  connect: jest.fn(),
  disconnect: jest.fn(),
  // What Socket.IO's client answers when an acknowledgement does not come in time.
  timeout: () => ({
    emit: (_event: string, _payload: unknown, ack: (error: Error) => void) =>
      ack(new Error('operation has timed out')),
  }),
}));
jest.mock('socket.io-client', () => ({ io: (...args: unknown[]) => mockIo(...args) }));

describe('the API client (spec §7)', () => {
  beforeEach(() => signedIn());

  it('sends the bearer token, JSON and the stored fingerprint; GET payloads go in the query', async () => {
    await loadFingerprint();
    expect(fingerprint()).toMatch(/^[0-9a-f]{8}-/);
    const calls = fakeServer({ 'GET /api/meet/conversations': { body: { list: [] } } });
    await api.get('/meet/conversations', { limit: 5, before: undefined });
    expect(calls[0]?.headers).toMatchObject({
      Authorization: 'Bearer token-1',
      Accept: 'application/json',
      'x-fp': fingerprint(),
    });
    // No body, so no Content-Type (the server refuses an empty JSON body).
    expect(calls[0]?.headers).not.toHaveProperty('Content-Type');
    expect((global.fetch as jest.Mock).mock.calls[0][0]).toMatch(
      /\/api\/meet\/conversations\?limit=5$/,
    );
  });

  it('reports a failure with the server message and code; 401 signs out', async () => {
    fakeServer({
      'GET /api/user/me': {
        status: 401,
        body: { code: 'TOKEN_INVALID', message: 'Your session has ended' },
      },
    });
    const result = await api.get('/user/me');
    expect(result).toMatchObject({
      ok: false,
      code: 401,
      error: 'Your session has ended',
      errorCode: 'TOKEN_INVALID',
    });
    expect(sessionStore.get().auth).toBeNull();
  });

  it('counts a network failure as 400 with ERROR (spec §8)', async () => {
    global.fetch = jest.fn(async () => {
      throw new Error('offline');
    }) as typeof fetch;
    expect(await api.post('/user/login', {})).toEqual({ ok: false, code: 400, error: 'ERROR' });
  });
});

describe('the socket wrapper (spec §7, §9)', () => {
  it('opens forced-new and secure with the accessKey as auth and header, and the reconnection defaults', () => {
    signedIn();
    connect();
    const [, options] = mockIo.mock.calls[0] as [string, Record<string, unknown>];
    expect(options).toMatchObject({
      transports: ['websocket', 'webtransport', 'polling'],
      forceNew: true,
      secure: true,
      auth: { accessKey: 'token-1' },
      extraHeaders: expect.objectContaining({ accessKey: 'token-1' }),
      ...SOCKET_DEFAULTS,
    });
    disconnect();
  });

  it("answers the socket's own failures in the user's language; a position is not queued offline", async () => {
    signedIn();
    localeStore.set('ru');
    const position = { lat: 55.75, lon: 37.61, accuracy: 8, at: Date.now() };
    expect(await emit('position', position, { unlessOffline: true })).toEqual({
      ok: false,
      code: 'SERVICE_UNAVAILABLE',
      message: 'Нет связи: переподключаемся…',
    });
    expect(await emit('hand:lower', {})).toEqual({
      ok: false,
      code: 'REQUEST_TIMEOUT',
      message: 'Запрос передавался слишком долго. Попробуйте ещё раз',
    });
    localeStore.set('en');
    disconnect();
  });
});

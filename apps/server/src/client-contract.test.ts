import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiClientConfig } from '@meeet/client/api-client';
import { createSocketClient, type SocketClient } from '@meeet/client/socket';
import { blockListSchema, meetPaths } from '@meeet/core/api/meet';
import { userPaths } from '@meeet/core/api/user-paths';
import { authResponseSchema, userPrivateSchema } from '@meeet/core/api/user';
import { registerUser } from '../test/accounts.ts';
import { createTestApp, type TestApp } from '../test/helpers.ts';

// The shared client of the web and the iOS app (packages/client) against this server: the
// headers it sends are the ones the server reads, its failures carry the server's own words,
// and its socket is admitted with the session's token.

let t: TestApp;
let origin: string;
const sockets: SocketClient[] = [];

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '1000' });
  origin = (await t.app.listen({ host: '127.0.0.1', port: 0 })).replace(/\/+$/, '');
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t.close();
});

function client(token: string | null, locale = 'en', extra: Partial<ApiClientConfig> = {}) {
  const config = {
    origin: () => origin,
    token: () => token,
    fingerprint: () => 'fp-client-contract',
    locale: () => locale,
    onUnauthorized: vi.fn(),
    ...extra,
  };
  return { api: createApiClient(config), config };
}

describe('the shared API client against the server (spec §7, §8)', () => {
  it('signs in and reads the user, both answers checked against core’s schemas', async () => {
    const user = await registerUser(t.app);
    const { api } = client(null);
    const login = await api.post(
      userPaths.login,
      { email: user.user.email, password: user.password },
      authResponseSchema,
    );
    if (!login.ok) throw new Error(`login refused: ${login.error}`);
    const me = await client(login.data.token).api.get(userPaths.me, undefined, userPrivateSchema);
    expect(me).toMatchObject({ ok: true, code: 200, data: { id: user.user.id } });
  });

  it('answers a refusal with the server’s code and message in the language asked', async () => {
    const user = await registerUser(t.app);
    const body = { email: user.user.email, password: 'wrong-password' };
    expect(await client(null, 'en').api.post(userPaths.login, body)).toMatchObject({
      ok: false,
      errorCode: 'UNAUTHORIZED',
      error: 'Invalid login or password',
    });
    expect(await client(null, 'ru').api.post(userPaths.login, body)).toMatchObject({
      ok: false,
      error: 'Неверный логин или пароль',
    });
  });

  it('sends a DELETE and a bodiless POST the server accepts (no JSON label on no body)', async () => {
    const [user, other] = [await registerUser(t.app), await registerUser(t.app)];
    const { api } = client(user.token);
    const path = meetPaths.block.replace(':userId', String(other.user.id));
    expect(await api.put(path, {}, blockListSchema)).toMatchObject({ ok: true, code: 200 });
    const unblocked = await api.delete(path, undefined, blockListSchema);
    expect(unblocked).toMatchObject({ ok: true, code: 200, data: { list: [] } });
    expect(await api.post(userPaths.logout)).toMatchObject({ ok: true });
  });

  it('signs out when the server answers 401 to a token it does not know', async () => {
    const { api, config } = client('not-a-session');
    expect(await api.get(userPaths.me)).toMatchObject({ ok: false, code: 401 });
    expect(config.onUnauthorized).toHaveBeenCalledTimes(1);
  });
});

describe('the shared socket client against the server (spec §7, §9)', () => {
  it('is admitted with the session’s token and hears the hand state the server sends on connect', async () => {
    const user = await registerUser(t.app);
    const states: boolean[] = [];
    const socket = createSocketClient({
      library: { io },
      origin: () => origin,
      accessKey: () => user.token,
      onConnectedChange: (connected) => states.push(connected),
      failureMessage: (code) => code,
    });
    sockets.push(socket);
    const heard = new Promise((resolve) => socket.on('hand:state', resolve));
    await socket.connect();
    await expect(heard).resolves.toMatchObject({ raised: false });
    expect(states).toContain(true);
  });
});

import { parseAssertionHeader, assertionClientData } from '@meeet/core/rules/app-assertion';
import { fakeServer, signedIn } from '../../test/helpers.tsx';
import { api } from './api.ts';
import { attestDevice } from './attest-device.ts';

// The phone's App Attest service, recorded: what it was asked to attest and sign.
jest.mock('./app-attest', () => ({
  attestService: {
    generateKey: jest.fn(async () => 'a'.repeat(43) + '='),
    attestKey: jest.fn(async () => 'YXR0ZXN0YXRpb24='),
    generateAssertion: jest.fn(async () => 'YXNzZXJ0aW9u'),
  },
}));
const mockPhone = (jest.requireMock('./app-attest') as { attestService: Record<string, jest.Mock> })
  .attestService as Record<'generateKey' | 'attestKey' | 'generateAssertion', jest.Mock>;

const unlocked = { locked: false, until: null, remainingMs: 0, reason: null };
const KEY = 'a'.repeat(43) + '=';

describe('the attested phone', () => {
  beforeEach(() => {
    signedIn();
    jest.clearAllMocks();
  });

  it('attests a new key once, then signs every meeting call with it', async () => {
    let challenges = 0;
    const calls = fakeServer({
      'POST /api/devices/attest/challenge': () => ({
        body: { challenge: `challenge-number-${++challenges}`, expiresAt: Date.now() + 60_000 },
      }),
      'POST /api/devices/attest': { body: { keyId: KEY, deviceLock: unlocked } },
      'POST /api/meetings/handshake': { body: { meeting: null } },
      'GET /api/meetings/status': { body: {} },
    });

    expect(await attestDevice()).toEqual({ keyId: KEY, deviceLock: unlocked });
    expect(mockPhone.attestKey).toHaveBeenCalledWith(KEY, 'challenge-number-1');
    expect(calls.find((c) => c.path === '/api/devices/attest')?.body).toEqual({
      keyId: KEY,
      challenge: 'challenge-number-1',
      attestation: 'YXR0ZXN0YXRpb24=',
    });

    // A meeting call: the assertion covers method, path, time and the exact body sent.
    await api.post('/meetings/handshake', { method: 'code', code: '123456' });
    const sent = calls.find((c) => c.path === '/api/meetings/handshake')!;
    const header = parseAssertionHeader(sent.headers['x-app-assertion']!);
    expect(header).toMatchObject({ keyId: KEY, assertion: 'YXNzZXJ0aW9u' });
    expect(mockPhone.generateAssertion).toHaveBeenLastCalledWith(
      KEY,
      assertionClientData({
        method: 'POST',
        path: '/api/meetings/handshake',
        time: header!.time,
        body: '{"method":"code","code":"123456"}',
      }),
    );
    // Other calls are not signed.
    await api.get('/meetings/status');
    expect(calls.at(-1)?.headers['x-app-assertion']).toBeUndefined();

    // Another account on this install: the kept key is asserted, not attested again.
    signedIn({ id: 2 });
    await attestDevice();
    expect(mockPhone.generateKey).toHaveBeenCalledTimes(1);
    expect(calls.filter((c) => c.path === '/api/devices/attest').at(-1)?.body).toEqual({
      keyId: KEY,
      challenge: `challenge-number-${challenges}`,
      assertion: 'YXNzZXJ0aW9u',
    });
  });
});

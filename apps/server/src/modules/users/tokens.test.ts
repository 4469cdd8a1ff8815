import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_TTL_SECONDS } from '@meeet/core/constants';
import { TokenSigner } from './tokens.ts';

const SECRET = 'test-secret-that-is-long-enough-for-hs256';
const claims = { userId: 7, sessionId: '0b7e7f3c-2f7a-4c55-9d0e-6d8f5d2a9b11' };

describe('access tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('accepts its own token again and again, and refuses it once expired, also after a first check', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date('2026-11-23T12:00:00Z');
    vi.setSystemTime(start);
    const signer = new TokenSigner(SECRET);
    const token = await signer.signAccess(claims, start);
    expect(await signer.verifyAccess(token)).toEqual(claims);
    expect(await signer.verifyAccess(token)).toEqual(claims);

    vi.setSystemTime(start.getTime() + AUTH_TOKEN_TTL_SECONDS * 1000);
    expect(await signer.verifyAccess(token)).toBeNull();
    expect(await new TokenSigner(SECRET).verifyAccess(token)).toBeNull();
  });

  it("refuses another secret's token and a tampered one", async () => {
    const token = await new TokenSigner(`${SECRET}-other`).signAccess(claims);
    const signer = new TokenSigner(SECRET);
    expect(await signer.verifyAccess(token)).toBeNull();
    const own = await signer.signAccess(claims);
    expect(await signer.verifyAccess(own)).toEqual(claims);
    const [header, , signature] = own.split('.');
    const forged = Buffer.from(
      JSON.stringify({ sub: '8', sid: claims.sessionId, exp: 2e9 }),
    ).toString('base64url');
    expect(await signer.verifyAccess(`${header}.${forged}.${signature}`)).toBeNull();
  });
});

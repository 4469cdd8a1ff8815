import { describe, expect, it } from 'vitest';
import { decodeFactorProof, encodeFactorProof } from './factors.ts';

describe('the factor header', () => {
  it('carries a TOTP code, a recovery code and a passkey assertion both ways', () => {
    const assertion = { id: 'cred-1', response: { clientDataJSON: 'e30' }, note: 'ключ' };
    for (const proof of [
      { kind: 'totp', code: '123456' },
      { kind: 'recovery', code: 'ABCDE-FGH23' },
      { kind: 'passkey', response: assertion },
    ] as const) {
      expect(decodeFactorProof(encodeFactorProof(proof))).toEqual(proof);
    }
  });

  it('reads anything else as no proof', () => {
    for (const value of [
      undefined,
      '',
      '123456',
      'totp:12345',
      'totp:1234567',
      'recovery:abc',
      'sms:123456',
      'passkey:!!!',
      'passkey:WzFd',
    ]) {
      expect(decodeFactorProof(value)).toBeNull();
    }
  });
});

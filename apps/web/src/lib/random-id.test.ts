import { describe, expect, it } from 'vitest';
import { newIdempotencyKey, randomId } from './random-id.ts';

describe('newIdempotencyKey', () => {
  it('is new every time and fits the server header rule', () => {
    const first = newIdempotencyKey();
    expect(first).not.toBe(newIdempotencyKey());
    expect(first).toMatch(/^[\x21-\x7e]{8,128}$/);
  });

  it('still makes one where randomUUID is missing (plain http on a LAN address)', () => {
    const own = Object.getOwnPropertyDescriptor(crypto, 'randomUUID');
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const id = randomId();
      expect(id).toMatch(/^[0-9a-f]{32}$/);
      expect(randomId()).not.toBe(id);
    } finally {
      if (own) Object.defineProperty(crypto, 'randomUUID', own);
      else delete (crypto as { randomUUID?: unknown }).randomUUID;
    }
    expect(randomId()).toMatch(/^[0-9a-f-]{36}$/);
  });
});

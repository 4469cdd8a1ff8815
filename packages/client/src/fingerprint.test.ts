import { describe, expect, it, vi } from 'vitest';
import { fnv1a, loadedFingerprint, makeFingerprint, storedFingerprint } from './fingerprint.ts';

describe('the device fingerprint (spec §1, §7)', () => {
  it('hashes the traits (never sent raw) and adds the random part', () => {
    expect(fnv1a('')).toBe('811c9dc5');
    expect(makeFingerprint('vendor-id', 'r-1')).toBe(`${fnv1a('vendor-id')}-r-1`);
    expect(makeFingerprint('vendor-id', 'r-1')).not.toContain('vendor-id');
  });

  it('is made once and kept in a synchronous store (the web)', () => {
    const items = new Map<string, string>();
    const storage = {
      getItem: (key: 'fp') => items.get(key) ?? null,
      setItem: (key: 'fp', value: string) => void items.set(key, value),
    };
    const randomId = vi.fn(() => 'r-1');
    const first = storedFingerprint(storage, { traits: () => 'ua|en', randomId });
    expect(storedFingerprint(storage, { traits: () => 'other', randomId })).toBe(first);
    expect(items.get('fp')).toBe(first);
    expect(randomId).toHaveBeenCalledTimes(1);
  });

  it('is loaded from an asynchronous store (the phone), or made and kept there', async () => {
    const items = new Map<string, string>([['fp', 'kept-1']]);
    const storage = {
      getItem: async (key: 'fp') => items.get(key) ?? null,
      setItem: async (key: 'fp', value: string) => void items.set(key, value),
    };
    const source = { traits: async () => 'vendor-id', randomId: () => 'r-2' };
    const kept = loadedFingerprint(storage, source);
    expect(kept.current()).toBe('');
    expect(await kept.load()).toBe('kept-1');
    expect(kept.current()).toBe('kept-1');

    items.clear();
    const fresh = loadedFingerprint(storage, source);
    expect(await fresh.load()).toBe(makeFingerprint('vendor-id', 'r-2'));
    expect(items.get('fp')).toBe(fresh.current());
  });
});

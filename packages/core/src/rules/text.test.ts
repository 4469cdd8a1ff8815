import { describe, expect, it } from 'vitest';
import { findForbiddenTextPath } from './text.ts';

describe('findForbiddenTextPath', () => {
  it('finds a NUL byte in any string, however deep, and names its path', () => {
    expect(findForbiddenTextPath({ email: 'a\u0000@b.co' })).toBe('email');
    expect(findForbiddenTextPath({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toBe('a.1.c');
    expect(findForbiddenTextPath('plain\u0000')).toBe('');
  });

  it('finds a NUL byte in a key', () => {
    expect(findForbiddenTextPath({ 'na\u0000me': 'x' })).toBe('na\u0000me');
  });

  it('passes ordinary text, emoji, Cyrillic and other types', () => {
    expect(
      findForbiddenTextPath({ name: 'Анна 😀', note: 'line\nbreak\ttab', n: 1, ok: true, z: null }),
    ).toBeNull();
  });

  it('stops at the depth bound instead of recursing without end', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100; i++) deep = [deep];
    expect(findForbiddenTextPath(deep)).toBeNull();
    expect(findForbiddenTextPath(deep, 200)).not.toBeNull();
  });
});

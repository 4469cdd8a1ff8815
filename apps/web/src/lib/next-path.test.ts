import { describe, expect, it } from 'vitest';
import { safeNextPath } from './next-path.ts';

describe('safeNextPath', () => {
  it('keeps a path of this site with its query and hash', () => {
    expect(safeNextPath('/market/token/12')).toBe('/market/token/12');
    expect(safeNextPath('/market?nft=1#buy')).toBe('/market?nft=1#buy');
  });

  it.each([
    null,
    '',
    'market',
    'https://evil.example/market',
    '//evil.example/market',
    '/\\evil.example',
    'javascript:alert(1)',
    '/\tevil',
    ' /market',
  ])('refuses %j', (value) => {
    expect(safeNextPath(value)).toBeNull();
  });
});

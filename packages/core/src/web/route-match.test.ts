import { describe, expect, it } from 'vitest';
import { isWebRoute, matchWebRoute } from './route-match.ts';

describe('isWebRoute', () => {
  it('knows the pages of spec §2, with parameters and a final slash', () => {
    for (const path of ['/', '/market', '/l/earn', '/help/faq/', '/ref/MEEET1a', '/control/news/7'])
      expect(isWebRoute(path), path).toBe(true);
  });

  it('rejects paths the router would send to its not-found page', () => {
    for (const path of ['/nope', '/market/x', '/ref/', '/ref/a/b', '/control/news/7/8'])
      expect(isWebRoute(path), path).toBe(false);
  });

  it('names the pattern a path belongs to', () => {
    expect(matchWebRoute('/ref/MEEET1a')).toBe('/ref/:promocode');
    expect(matchWebRoute('/help/faq/')).toBe('/help/faq');
    expect(matchWebRoute('/')).toBe('/');
    expect(matchWebRoute('/nope')).toBeNull();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { trackReferralClick } from './track-referral-click.ts';

afterEach(() => vi.unstubAllGlobals());

describe('trackReferralClick', () => {
  it('calls the track path with the code and reads whether it counted', async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response(JSON.stringify({ counted: true }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    expect(await trackReferralClick('MEEET1F')).toBe(true);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/referral/track/MEEET1F');
  });

  it('answers false for an invalid code instead of throwing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ code: 'VALIDATION_ERROR', message: 'Invalid promocode' }), {
            status: 400,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    expect(await trackReferralClick('NOPE')).toBe(false);
  });
});

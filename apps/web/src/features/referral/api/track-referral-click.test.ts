import { describe, expect, it } from 'vitest';
import { serveApi } from '../../../../test/api-server.ts';
import { trackReferralClick } from './track-referral-click.ts';

describe('trackReferralClick', () => {
  it('calls the track path with the code and reads whether it counted', async () => {
    const sent = serveApi({ 'GET /api/referral/track/:code': () => ({ counted: true }) });
    expect(await trackReferralClick('MEEET1F')).toBe(true);
    expect(sent.map((r) => r.path)).toEqual(['/api/referral/track/MEEET1F']);
  });

  it('answers false for an invalid code instead of throwing', async () => {
    serveApi({
      'GET /api/referral/track/:code': () =>
        Response.json({ code: 'VALIDATION_ERROR', message: 'Invalid promocode' }, { status: 400 }),
    });
    expect(await trackReferralClick('NOPE')).toBe(false);
  });
});

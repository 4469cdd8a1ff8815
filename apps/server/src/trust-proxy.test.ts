import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.ts';

/** Feedback is limited per client IP; three calls with a limit of two show whose IP counts. */
async function feedbackStatuses(t: TestApp, forwardedFor: string[], remoteAddress: string) {
  const statuses: number[] = [];
  for (const header of forwardedFor) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/email/feedback/',
      remoteAddress,
      headers: { 'x-forwarded-for': header },
      payload: { name: 'Ann', email: 'ann@example.com', message: 'Hello there' },
    });
    statuses.push(response.statusCode);
  }
  return statuses;
}

describe('TRUST_PROXY', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  // The client wrote its own X-Forwarded-For entries; the one proxy appended what it saw.
  const spoofed = ['1.1.1.1, 203.0.113.9', '2.2.2.2, 203.0.113.9', '3.3.3.3, 203.0.113.9'];

  it('with one trusted hop, a spoofed X-Forwarded-For does not change the per-IP limit', async () => {
    t = await createTestApp({ TRUST_PROXY: '1', AUTH_RATE_LIMIT_PER_IP: '2' });
    expect(await feedbackStatuses(t, spoofed, '10.0.0.2')).toEqual([200, 200, 429]);
  });

  it('with the proxy named by address, only its entry is believed', async () => {
    t = await createTestApp({ TRUST_PROXY: '10.0.0.0/8', AUTH_RATE_LIMIT_PER_IP: '2' });
    expect(await feedbackStatuses(t, spoofed, '10.0.0.2')).toEqual([200, 200, 429]);
    // Straight from the internet (not a listed proxy): the header is ignored, the peer counts.
    const direct = ['4.4.4.4', '5.5.5.5', '6.6.6.6'];
    expect(await feedbackStatuses(t, direct, '198.51.100.7')).toEqual([200, 200, 429]);
  });

  it('trusting every hop (true) lets the spoofed entries count as clients', async () => {
    t = await createTestApp({ TRUST_PROXY: 'true', AUTH_RATE_LIMIT_PER_IP: '2' });
    expect(await feedbackStatuses(t, spoofed, '10.0.0.2')).toEqual([200, 200, 200]);
  });
});

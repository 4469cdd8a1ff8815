import { referralTrackResponseSchema } from '@meeet/core/api/referral';
import { referralPaths } from '@meeet/core/api/referral-paths';
import { api } from '../../../lib/api-client.ts';

/**
 * GET /referral/track/{code}: counts a click of a promo link. Fire and forget: the visitor is
 * sent on to registration whatever the answer (an invalid code is told there, spec §5).
 */
export async function trackReferralClick(code: string): Promise<boolean> {
  const result = await api.get(referralPaths.track(code), undefined, referralTrackResponseSchema);
  return result.ok && result.data.counted;
}

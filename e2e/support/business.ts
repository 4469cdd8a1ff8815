import { expect, type APIRequestContext } from '@playwright/test';
import { registerUser, setRole } from './fixtures.ts';

/**
 * The venue applies for a business account and a moderator approves it, through the same calls
 * the pages make (the pages themselves are walked by business.spec.ts): the campaigns walk
 * starts from an approved venue.
 */
export async function approvedBusiness(
  request: APIRequestContext,
  venue: { token: string },
  name: string,
  at: { lat: number; lon: number } = { lat: 55.7558, lon: 37.6173 },
): Promise<void> {
  const applied = await request.post('/api/business', {
    headers: { authorization: `Bearer ${venue.token}` },
    data: {
      legalName: name,
      registrationNumber: 'RU-7700000000',
      country: 'ru',
      address: 'Tverskaya 1, Moscow',
      contact: '+7 900 000 00 00',
      category: 'cafe',
      venue: at,
    },
  });
  expect(applied.status(), await applied.text()).toBeLessThan(300);
  const business = (await applied.json()) as { id: number };

  const moderator = await registerUser(request);
  setRole(moderator.user.email, 'moderator');
  const approved = await request.patch(`/api/business/moderate/${business.id}`, {
    headers: { authorization: `Bearer ${moderator.token}` },
    data: { status: 'approved' },
  });
  expect(approved.status(), await approved.text()).toBe(200);
}

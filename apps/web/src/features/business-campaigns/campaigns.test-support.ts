import type { Campaign } from '@meeet/core/api/campaigns';

/** A paused campaign waiting for balance, as the API sends it (web tests' fixture). */
export const campaignFixture: Campaign = {
  id: 7,
  businessId: 3,
  status: 'paused',
  statusReason: 'no-balance',
  title: 'Coffee for two',
  text: 'A second cup free',
  imageId: null,
  link: 'https://example.com/luna',
  languages: [],
  countries: [],
  genders: [],
  ageMin: null,
  ageMax: null,
  moods: [],
  placements: ['home', 'faq'],
  area: null,
  startsAt: '2026-11-20T00:00:00.000Z',
  endsAt: null,
  dailyCap: 100,
  createdAt: '2026-11-20T00:00:00.000Z',
};

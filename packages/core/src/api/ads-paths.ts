/** Paths of the house-ad calls under /api, free of zod (the cookie banner uses them). */
export const adsPaths = {
  consent: '/ads/consent',
  serve: '/ads',
  seen: (impressionId: string) => `/ads/impressions/${encodeURIComponent(impressionId)}/seen`,
  /** The ad's link goes through here: the click is counted once, then a redirect. */
  click: (impressionId: string) => `/ads/click/${encodeURIComponent(impressionId)}`,
  campaigns: '/ads/campaigns',
  stats: (campaignId: number) => `/ads/campaigns/${campaignId}/stats`,
} as const;

export const AD_PLACEMENTS = ['home', 'faq', 'account', 'app'] as const;
export type AdPlacementName = (typeof AD_PLACEMENTS)[number];

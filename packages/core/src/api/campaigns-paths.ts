/** Paths of businesses' self-serve ad campaigns under /api (issue 44), free of zod. */
export const campaignsPaths = {
  /** The signed-in business's campaigns (GET), or a new draft (POST). */
  mine: '/campaigns',
  one: (id: number | string) => `/campaigns/${id}`,
  /** The owner's step: submit for review, pause, resume, end. */
  action: (id: number | string, action: CampaignAction) => `/campaigns/${id}/${action}`,
  stats: (id: number | string) => `/campaigns/${id}/stats`,
  statsCsv: (id: number | string) => `/campaigns/${id}/stats.csv`,
  /** Moderators: campaigns waiting for review. */
  reviewQueue: '/control/campaigns',
  review: (id: number | string) => `/control/campaigns/${id}/review`,
  /** Moderators: stop a running or paused campaign with a reason (it becomes refused). */
  suspend: (id: number | string) => `/control/campaigns/${id}/suspend`,
  /** Moderators: one business's campaigns with their spend (its control page). */
  ofBusiness: (businessId: number | string) => `/control/businesses/${businessId}/campaigns`,
  /** Admins: the price per 1,000 impressions. */
  price: '/control/campaign-price',
} as const;

export const CAMPAIGN_ACTIONS = ['submit', 'pause', 'resume', 'end'] as const;
export type CampaignAction = (typeof CAMPAIGN_ACTIONS)[number];

/**
 * draft → pending (review) → running (approved) or refused; running ⇄ paused (the owner, or no
 * balance) → ended. Only `running` campaigns inside their schedule are served.
 */
export const CAMPAIGN_STATUSES = [
  'draft',
  'pending',
  'refused',
  'running',
  'paused',
  'ended',
] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

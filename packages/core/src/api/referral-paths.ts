/**
 * Paths of the referral calls under /api (spec §7), one place for server routes and web calls.
 * Free of zod so a page can name a call without downloading the schemas.
 */
export const referralPaths = {
  /** Counts a click of a promo link (no sign-in). */
  track: (code: string) => `/referral/track/${encodeURIComponent(code)}`,
  /** Makes the caller's tree edge from a stored code (within 24 h of registering). */
  save: (code: string) => `/referral/save/${encodeURIComponent(code)}`,
  /** The caller's direct referrals (level 1), paged. */
  list: '/referral/list',
  /** The direct referrals of a user inside the caller's three levels, paged. */
  listOf: (userId: number | string) => `/referral/list/${encodeURIComponent(String(userId))}`,
  /** The caller's rewards, paged, by period and source. */
  rewards: '/referral/rewards',
  /** The caller's totals and per-period figures. */
  stats: '/referral/stats',
  /** Admin only: the reward shares per level. */
  settings: '/referral/settings',
} as const;

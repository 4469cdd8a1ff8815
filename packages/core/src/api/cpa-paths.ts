/**
 * Paths of the affiliate (CPA) calls under /api (spec §7), one place for server routes and web
 * calls. Free of zod so a page can name a call without downloading the schemas.
 */
export const cpaPaths = {
  /** The caller's links (admins may name another user's with `userId`); POST creates one. */
  links: '/cpa/links',
  /** PATCH edits, DELETE removes one of the caller's links. */
  link: (id: string) => `/cpa/links/${encodeURIComponent(id)}`,
  /** A new postback secret for a link, shown once. */
  linkSecret: (id: string) => `/cpa/links/${encodeURIComponent(id)}/secret`,
  /** The landing pages a link may lead to (public). */
  landings: '/cpa/landings',
  /** Payouts per action and partner level (GET for partners, PUT for admins). */
  settings: '/cpa/settings',
  /** GET the caller's payouts and balance; POST (admins) pays a partner on chain. */
  rewards: '/cpa/rewards',
  /** Admin: every partner with totals and fraud signals. */
  partners: '/cpa/partners',
  /** Admin: set a partner's level. */
  partner: (userId: number | string) => `/cpa/partners/${encodeURIComponent(String(userId))}`,
  /** The caller's figures per day and per link for a period. */
  stats: '/cpa/stats',
  /** The caller's conversions, newest first. */
  conversions: '/cpa/conversions',
  /** The caller's postbacks with every delivery attempt. */
  postbacks: '/cpa/postbacks',
  /** Send a postback again now. */
  postbackResend: (id: number | string) =>
    `/cpa/postbacks/${encodeURIComponent(String(id))}/resend`,
} as const;

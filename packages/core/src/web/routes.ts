/**
 * The web app's route patterns (spec §2), the one list both sides read: the web router builds
 * its table from it (apps/web/src/app/paths.ts) and the server answers 404 for a page path that
 * is not in it, so a crawler or a mistyped link never gets a "200 Not found" page.
 */
export const webRoutes = {
  home: '/',
  market: '/market',
  /** A token's own page (shareable; the server answers 404 for a token that does not exist). */
  marketToken: '/market/token/:id',
  promo: '/promo',
  meetAndPlay: '/meet-and-play',
  terms: '/terms',
  privacy: '/privacy',
  support: '/support',
  affiliates: '/affiliates',
  referral: '/ref/:promocode',
  cpaLanding: { main: '/l', meet: '/l/meet', earn: '/l/earn' },
  help: { root: '/help', faq: '/help/faq', howToMeet: '/help/how-to-meet' },
  auth: {
    root: '/auth',
    login: '/auth/login',
    register: '/auth/register',
    updateProfile: '/auth/update-profile',
    recovery: '/auth/recovery',
    confirmEmail: '/auth/confirm-email',
  },
  appleLogin: '/apple-login',
  /** "This wasn't me" from the new-device mail (issue 45). */
  notMe: '/not-me',
  account: {
    data: '/account',
    market: '/account/market',
    business: '/account/business',
    businessCampaigns: '/account/business/campaigns',
    businessCampaign: '/account/business/campaigns/:id',
    referral: '/account/referral',
    cpa: '/account/cpa',
    /** The mailed link of a data export (issue 43). */
    dataExport: '/account/data-export/:id',
    /** Sessions, the anti-phishing phrase and second factors (issue 45). */
    security: '/account/security',
  },
  news: { list: '/news', item: '/news/:id' },
  kyc: '/kyc',
  cpa: '/cpa',
  control: {
    root: '/control',
    monitor: '/control/monitor',
    kyc: '/control/kyc',
    news: '/control/news',
    newsEdit: '/control/news/:id',
    cpa: '/control/cpa',
    ads: '/control/ads',
    campaigns: '/control/campaigns',
    reports: '/control/reports',
    meetings: '/control/meetings',
    users: '/control/users',
    user: '/control/users/:id',
    businessQueue: '/control/business',
    business: '/control/business/:id',
  },
} as const;

/** Public pages worth indexing: listed in the sitemap and prerendered at build time. */
export const publicPages = [
  webRoutes.home,
  webRoutes.meetAndPlay,
  webRoutes.help.faq,
  webRoutes.help.howToMeet,
  webRoutes.support,
  webRoutes.affiliates,
  webRoutes.terms,
  webRoutes.privacy,
] as const;

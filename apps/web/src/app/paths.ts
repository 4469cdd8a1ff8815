// Every route of spec §2 in one typed place: `path` is the router pattern, `getHref` builds a
// link, so a URL is never spelled by hand elsewhere.

const withQuery = (path: string, query: Record<string, string | undefined>): string => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
};

export const paths = {
  home: { path: '/', getHref: () => '/' },
  market: {
    path: '/market',
    // nft: the level to preselect (spec §2 root `nft`); token: a token's page (dialog).
    getHref: (options: { nft?: number; token?: string } = {}) =>
      withQuery('/market', {
        nft: options.nft === undefined ? undefined : String(options.nft),
        token: options.token,
      }),
  },
  promo: { path: '/promo', getHref: () => '/promo' },
  meetAndPlay: { path: '/meet-and-play', getHref: () => '/meet-and-play' },
  terms: { path: '/terms', getHref: () => '/terms' },
  privacy: { path: '/privacy', getHref: () => '/privacy' },
  support: { path: '/support', getHref: () => '/support' },
  affiliates: { path: '/affiliates', getHref: () => '/affiliates' },
  referral: {
    path: '/ref/:promocode',
    getHref: (promocode: string) => `/ref/${encodeURIComponent(promocode)}`,
  },
  cpaLanding: {
    main: { path: '/l', getHref: () => '/l' },
    meet: { path: '/l/meet', getHref: () => '/l/meet' },
    earn: { path: '/l/earn', getHref: () => '/l/earn' },
  },
  help: {
    root: { path: '/help', getHref: () => '/help' },
    faq: { path: '/help/faq', getHref: () => '/help/faq' },
    howToMeet: { path: '/help/how-to-meet', getHref: () => '/help/how-to-meet' },
  },
  auth: {
    root: { path: '/auth', getHref: () => '/auth' },
    login: {
      path: '/auth/login',
      // platform=cpa: "Login to the advertising platform", which lands in the affiliate cabinet.
      getHref: (options: { recoverySuccess?: boolean; platform?: 'cpa' } = {}) =>
        withQuery('/auth/login', {
          recoverySuccess: options.recoverySuccess ? 'true' : undefined,
          platform: options.platform,
        }),
    },
    register: {
      path: '/auth/register',
      getHref: (options: { promocode?: string } = {}) =>
        withQuery('/auth/register', { promocode: options.promocode }),
    },
    updateProfile: { path: '/auth/update-profile', getHref: () => '/auth/update-profile' },
    recovery: { path: '/auth/recovery', getHref: () => '/auth/recovery' },
    confirmEmail: { path: '/auth/confirm-email', getHref: () => '/auth/confirm-email' },
  },
  appleLogin: { path: '/apple-login', getHref: () => '/apple-login' },
  account: {
    data: { path: '/account', getHref: () => '/account' },
    market: { path: '/account/market', getHref: () => '/account/market' },
    business: { path: '/account/business', getHref: () => '/account/business' },
    referral: { path: '/account/referral', getHref: () => '/account/referral' },
    cpa: { path: '/account/cpa', getHref: () => '/account/cpa' },
  },
  news: {
    list: { path: '/news', getHref: () => '/news' },
    item: {
      path: '/news/:id',
      getHref: (id: number | string) => `/news/${encodeURIComponent(String(id))}`,
    },
  },
  kyc: { path: '/kyc', getHref: () => '/kyc' },
  cpa: { path: '/cpa', getHref: () => '/cpa' },
  control: {
    root: { path: '/control', getHref: () => '/control' },
    monitor: { path: '/control/monitor', getHref: () => '/control/monitor' },
    kyc: { path: '/control/kyc', getHref: () => '/control/kyc' },
    news: { path: '/control/news', getHref: () => '/control/news' },
    newsEdit: {
      path: '/control/news/:id',
      getHref: (id: number | string) => `/control/news/${encodeURIComponent(String(id))}`,
    },
    cpa: { path: '/control/cpa', getHref: () => '/control/cpa' },
    ads: { path: '/control/ads', getHref: () => '/control/ads' },
  },
  notFound: { path: '*' },
} as const;

// Every route of spec §2 in one typed place: `path` is the router pattern (from the list the
// server shares, packages/core/src/web/routes.ts), `getHref` builds a link, so a URL is never
// spelled by hand elsewhere.
import { webRoutes as r } from '@meeet/core/web/routes';

const withQuery = (path: string, query: Record<string, string | undefined>): string => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
};

export const paths = {
  home: { path: r.home, getHref: () => r.home },
  market: {
    path: r.market,
    // nft: the level to preselect (spec §2 root `nft`). A token has its own page (marketToken).
    getHref: (options: { nft?: number } = {}) =>
      withQuery('/market', {
        nft: options.nft === undefined ? undefined : String(options.nft),
      }),
  },
  marketToken: {
    path: r.marketToken,
    getHref: (id: string) => `/market/token/${encodeURIComponent(id)}`,
  },
  promo: { path: r.promo, getHref: () => r.promo },
  meetAndPlay: { path: r.meetAndPlay, getHref: () => r.meetAndPlay },
  terms: { path: r.terms, getHref: () => r.terms },
  privacy: { path: r.privacy, getHref: () => r.privacy },
  support: { path: r.support, getHref: () => r.support },
  affiliates: { path: r.affiliates, getHref: () => r.affiliates },
  referral: {
    path: r.referral,
    getHref: (promocode: string) => `/ref/${encodeURIComponent(promocode)}`,
  },
  cpaLanding: {
    main: { path: r.cpaLanding.main, getHref: () => r.cpaLanding.main },
    meet: { path: r.cpaLanding.meet, getHref: () => r.cpaLanding.meet },
    earn: { path: r.cpaLanding.earn, getHref: () => r.cpaLanding.earn },
  },
  help: {
    root: { path: r.help.root, getHref: () => r.help.root },
    faq: { path: r.help.faq, getHref: () => r.help.faq },
    howToMeet: { path: r.help.howToMeet, getHref: () => r.help.howToMeet },
  },
  auth: {
    root: { path: r.auth.root, getHref: () => r.auth.root },
    login: {
      path: r.auth.login,
      // platform=cpa: "Login to the advertising platform", which lands in the affiliate cabinet.
      // next: the page of this site to return to (lib/next-path.ts checks it on arrival).
      // deletionScheduled: when a just-requested account deletion erases the account.
      getHref: (
        options: {
          recoverySuccess?: boolean;
          platform?: 'cpa';
          next?: string;
          deletionScheduled?: string;
        } = {},
      ) =>
        withQuery('/auth/login', {
          recoverySuccess: options.recoverySuccess ? 'true' : undefined,
          deletionScheduled: options.deletionScheduled,
          platform: options.platform,
          next: options.next,
        }),
    },
    register: {
      path: r.auth.register,
      getHref: (options: { promocode?: string } = {}) =>
        withQuery('/auth/register', { promocode: options.promocode }),
    },
    updateProfile: { path: r.auth.updateProfile, getHref: () => r.auth.updateProfile },
    recovery: { path: r.auth.recovery, getHref: () => r.auth.recovery },
    confirmEmail: { path: r.auth.confirmEmail, getHref: () => r.auth.confirmEmail },
  },
  appleLogin: { path: r.appleLogin, getHref: () => r.appleLogin },
  notMe: { path: r.notMe, getHref: () => r.notMe },
  account: {
    data: { path: r.account.data, getHref: () => r.account.data },
    market: { path: r.account.market, getHref: () => r.account.market },
    business: { path: r.account.business, getHref: () => r.account.business },
    businessCampaigns: {
      path: r.account.businessCampaigns,
      getHref: () => r.account.businessCampaigns,
    },
    businessCampaign: {
      path: r.account.businessCampaign,
      getHref: (id: number | string) =>
        `/account/business/campaigns/${encodeURIComponent(String(id))}`,
    },
    referral: { path: r.account.referral, getHref: () => r.account.referral },
    cpa: { path: r.account.cpa, getHref: () => r.account.cpa },
    dataExport: {
      path: r.account.dataExport,
      getHref: (id: string) => `/account/data-export/${encodeURIComponent(id)}`,
    },
    security: { path: r.account.security, getHref: () => r.account.security },
  },
  news: {
    list: { path: r.news.list, getHref: () => r.news.list },
    item: {
      path: r.news.item,
      getHref: (id: number | string) => `/news/${encodeURIComponent(String(id))}`,
    },
  },
  kyc: { path: r.kyc, getHref: () => r.kyc },
  cpa: { path: r.cpa, getHref: () => r.cpa },
  control: {
    root: { path: r.control.root, getHref: () => r.control.root },
    monitor: { path: r.control.monitor, getHref: () => r.control.monitor },
    kyc: { path: r.control.kyc, getHref: () => r.control.kyc },
    news: { path: r.control.news, getHref: () => r.control.news },
    newsEdit: {
      path: r.control.newsEdit,
      getHref: (id: number | string) => `/control/news/${encodeURIComponent(String(id))}`,
    },
    cpa: { path: r.control.cpa, getHref: () => r.control.cpa },
    ads: { path: r.control.ads, getHref: () => r.control.ads },
    campaigns: { path: r.control.campaigns, getHref: () => r.control.campaigns },
    reports: { path: r.control.reports, getHref: () => r.control.reports },
    meetings: { path: r.control.meetings, getHref: () => r.control.meetings },
    businessQueue: { path: r.control.businessQueue, getHref: () => r.control.businessQueue },
    business: {
      path: r.control.business,
      getHref: (id: number | string) => `/control/business/${encodeURIComponent(String(id))}`,
    },
    users: {
      path: r.control.users,
      getHref: (q?: string) =>
        q ? `${r.control.users}?q=${encodeURIComponent(q)}` : r.control.users,
    },
    user: {
      path: r.control.user,
      getHref: (id: number | string) => `/control/users/${encodeURIComponent(String(id))}`,
    },
  },
  notFound: { path: '*' },
} as const;

import { lazy, Suspense } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { ContainedOutlet } from '../components/page-container.tsx';
import { GuestOnly, RequireAuth } from './guards.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';
import { paths } from './paths.ts';

// Every screen is its own lazy chunk (named per feature in vite.config.ts); only the shell
// ships with the first page.
const HomePage = lazy(() => import('../features/home/home-page.tsx'));
const FaqPage = lazy(() => import('../features/faq/faq-page.tsx'));
const HowToMeetPage = lazy(() => import('../features/help/how-to-meet-page.tsx'));
const MeetAndPlayPage = lazy(() => import('../features/meet-and-play/meet-and-play-page.tsx'));
const SupportPage = lazy(() => import('../features/support/support-page.tsx'));
const TermsPage = lazy(() => import('../features/legal/terms-page.tsx'));
const PrivacyPage = lazy(() => import('../features/legal/privacy-page.tsx'));
const AffiliatesPage = lazy(() => import('../features/affiliates/affiliates-page.tsx'));
const NotFoundPage = lazy(() => import('../features/not-found/not-found-page.tsx'));

const MarketPage = lazy(() => import('../features/market/market-page.tsx'));
const TokenPage = lazy(() => import('../features/market/token-page.tsx'));
const NewsPage = lazy(() => import('../features/news/news-page.tsx'));
const NewsItemPage = lazy(() => import('../features/news/news-item-page.tsx'));
const KycPage = lazy(() => import('../features/kyc/kyc-page.tsx'));
const CpaPage = lazy(() => import('../features/cpa/cpa-page.tsx'));

const LoginPage = lazy(() => import('../features/auth/login-page.tsx'));
const RegisterPage = lazy(() => import('../features/auth/register-page.tsx'));
const UpdateProfilePage = lazy(() => import('../features/auth/update-profile-page.tsx'));
const RecoveryPage = lazy(() => import('../features/auth/recovery-page.tsx'));
const ConfirmEmailPage = lazy(() => import('../features/auth/confirm-email-page.tsx'));
const AppleLoginPage = lazy(() => import('../features/auth/apple-login-page.tsx'));

const AccountLayout = lazy(() => import('../features/account/account-layout.tsx'));
const PersonalDataPage = lazy(() => import('../features/account/personal-data-page.tsx'));
const BusinessPage = lazy(() => import('../features/business/business-page.tsx'));
const CampaignsPage = lazy(() => import('../features/business-campaigns/campaigns-page.tsx'));
const CampaignStatsPage = lazy(
  () => import('../features/business-campaigns/campaign-stats-page.tsx'),
);
const ControlCampaignsPage = lazy(
  () => import('../features/business-campaigns/control-campaigns-page.tsx'),
);
const ReferralPage = lazy(() => import('../features/account/referral-page.tsx'));
const DataExportPage = lazy(() => import('../features/account/data-export-page.tsx'));
const ReferralRedirect = lazy(() => import('../features/referral/referral-redirect.tsx'));
const SecurityPage = lazy(() => import('../features/security/security-page.tsx'));
const NotMePage = lazy(() => import('../features/security/not-me-page.tsx'));
const AffiliateLinksPage = lazy(() => import('../features/cpa/affiliate-links-page.tsx'));
// Account → Marketplace is the wallet (spec §2 wallet screens; docs/decisions.md "Wallet (web)").
const WalletPage = lazy(() => import('../features/wallet/wallet-page.tsx'));
// Below the wallet: tokens, queue places and purchases (docs/decisions.md "Marketplace (web)").
const MarketAccountSection = lazy(() => import('../features/market/account-section.tsx'));
// /account after a login goes on to /market when a level was being bought (buyingNftId).
const ResumePurchase = lazy(() => import('../features/market/resume-purchase.tsx'));

// TanStack Query (server state) wraps only the screens that read the API through it, so the
// content pages and the first visit to / do not download it.
const QueryProvider = lazy(() => import('./query-provider.tsx'));
const RequireControlAccess = lazy(() => import('./control-guards.tsx'));
const RequireAdmin = lazy(() =>
  import('./control-guards.tsx').then((module) => ({ default: module.RequireAdmin })),
);
const RequireReadyAccount = lazy(() => import('./account-gate.tsx'));
const ControlLayout = lazy(() => import('../features/control/control-layout.tsx'));
const MonitorPage = lazy(() => import('../features/control/monitor-page.tsx'));
const KycModerationPage = lazy(() => import('../features/control/kyc-moderation-page.tsx'));
const ControlNewsPage = lazy(() => import('../features/control/news-page.tsx'));
const ControlAdsPage = lazy(() => import('../features/control/ads-page.tsx'));
const ControlBusinessQueuePage = lazy(() => import('../features/business/control-queue-page.tsx'));
const ControlBusinessPage = lazy(() => import('../features/business/control-business-page.tsx'));
const BusinessCampaignsSection = lazy(() =>
  import('../features/business-campaigns/components/business-campaigns-section.tsx').then((m) => ({
    default: m.BusinessCampaignsSection,
  })),
);
/** The control page of a business shows its campaigns (the campaigns feature's section). */
const campaignsOfBusiness = (businessId: number) => (
  <Suspense fallback={null}>
    <BusinessCampaignsSection businessId={businessId} />
  </Suspense>
);
const ControlReportsPage = lazy(() => import('../features/control/reports-page.tsx'));
const ControlMeetingsPage = lazy(() => import('../features/control/meetings-page.tsx'));
const ControlUsersPage = lazy(() => import('../features/staff/users-page.tsx'));
const ControlUserPage = lazy(() => import('../features/staff/user-page.tsx'));
const ControlCpaPage = lazy(() => import('../features/cpa/control-cpa-page.tsx'));

const redirect = (path: string, to: string): RouteObject => ({
  path,
  element: <Navigate to={to} replace />,
});

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <RouteErrorBoundary />,
        children: [
          { index: true, element: <HomePage /> },
          redirect(paths.promo.path, paths.home.getHref()),
          { path: paths.cpaLanding.main.path, element: <HomePage landing="cpa-landing" /> },
          { path: paths.cpaLanding.meet.path, element: <HomePage landing="cpa-landing-meet" /> },
          { path: paths.cpaLanding.earn.path, element: <HomePage landing="cpa-landing-earn" /> },
          { path: paths.meetAndPlay.path, element: <MeetAndPlayPage /> },
          { path: paths.terms.path, element: <TermsPage /> },
          { path: paths.privacy.path, element: <PrivacyPage /> },
          { path: paths.support.path, element: <SupportPage /> },
          { path: paths.affiliates.path, element: <AffiliatesPage /> },
          { path: paths.referral.path, element: <ReferralRedirect /> },
          redirect(paths.help.root.path, paths.help.faq.getHref()),
          { path: paths.help.faq.path, element: <FaqPage /> },
          { path: paths.help.howToMeet.path, element: <HowToMeetPage /> },
          {
            element: <QueryProvider />,
            children: [
              { path: paths.appleLogin.path, element: <AppleLoginPage /> },
              { path: paths.notMe.path, element: <NotMePage /> },
              { path: paths.cpa.path, element: <CpaPage /> },
              { path: paths.news.list.path, element: <NewsPage /> },
              { path: paths.news.item.path, element: <NewsItemPage /> },
              // Open to guests (issue 46): they browse, and sign in at "Buy". The market's
              // heading shows at once (and is prerendered); a signed-in buyer's content is
              // behind the account gate, inside the page.
              { path: paths.market.path, element: <MarketPage /> },
              { path: paths.marketToken.path, element: <TokenPage /> },

              redirect(paths.auth.root.path, paths.auth.login.getHref()),
              { path: paths.auth.confirmEmail.path, element: <ConfirmEmailPage /> },
              {
                element: <GuestOnly />,
                children: [
                  { path: paths.auth.login.path, element: <LoginPage /> },
                  { path: paths.auth.register.path, element: <RegisterPage /> },
                  { path: paths.auth.recovery.path, element: <RecoveryPage /> },
                ],
              },

              {
                element: <RequireAuth />,
                children: [
                  { path: paths.kyc.path, element: <KycPage /> },
                  { path: paths.auth.updateProfile.path, element: <UpdateProfilePage /> },
                  {
                    element: <RequireReadyAccount />,
                    children: [
                      {
                        path: paths.account.data.path,
                        element: <AccountLayout />,
                        children: [
                          {
                            element: <ResumePurchase />,
                            children: [{ index: true, element: <PersonalDataPage /> }],
                          },
                          {
                            path: paths.account.market.path,
                            element: (
                              <>
                                <WalletPage />
                                <MarketAccountSection />
                              </>
                            ),
                          },
                          { path: paths.account.business.path, element: <BusinessPage /> },
                          {
                            element: <ContainedOutlet />,
                            children: [
                              {
                                path: paths.account.businessCampaigns.path,
                                element: <CampaignsPage />,
                              },
                              {
                                path: paths.account.businessCampaign.path,
                                element: <CampaignStatsPage />,
                              },
                            ],
                          },
                          { path: paths.account.referral.path, element: <ReferralPage /> },
                          { path: paths.account.dataExport.path, element: <DataExportPage /> },
                          { path: paths.account.security.path, element: <SecurityPage /> },
                          {
                            element: <ContainedOutlet />,
                            children: [
                              { path: paths.account.cpa.path, element: <AffiliateLinksPage /> },
                            ],
                          },
                        ],
                      },
                    ],
                  },
                ],
              },

              {
                path: paths.control.root.path,
                element: <RequireControlAccess />,
                children: [
                  {
                    element: <ControlLayout />,
                    children: [
                      {
                        index: true,
                        element: <Navigate to={paths.control.monitor.getHref()} replace />,
                      },
                      { path: paths.control.kyc.path, element: <KycModerationPage /> },
                      { path: paths.control.reports.path, element: <ControlReportsPage /> },
                      { path: paths.control.meetings.path, element: <ControlMeetingsPage /> },
                      { path: paths.control.campaigns.path, element: <ControlCampaignsPage /> },
                      { path: paths.control.users.path, element: <ControlUsersPage /> },
                      { path: paths.control.user.path, element: <ControlUserPage /> },
                      {
                        path: paths.control.businessQueue.path,
                        element: <ControlBusinessQueuePage />,
                      },
                      {
                        path: paths.control.business.path,
                        element: <ControlBusinessPage campaigns={campaignsOfBusiness} />,
                      },
                      {
                        element: <RequireAdmin />,
                        children: [
                          { path: paths.control.monitor.path, element: <MonitorPage /> },
                          { path: paths.control.news.path, element: <ControlNewsPage /> },
                          { path: paths.control.newsEdit.path, element: <ControlNewsPage /> },
                          {
                            element: <ContainedOutlet />,
                            children: [
                              { path: paths.control.cpa.path, element: <ControlCpaPage /> },
                            ],
                          },
                          { path: paths.control.ads.path, element: <ControlAdsPage /> },
                        ],
                      },
                    ],
                  },
                ],
              },
            ],
          },

          { path: paths.notFound.path, element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/**
 * The route table in the router's declarative mode: the app loads no data through the router,
 * and its data mode would add about 17 KB (gzipped) to the first visit.
 */
export function AppRoutes() {
  return useRoutes(routes);
}

import { lazy, Suspense } from 'react';
import { Outlet, useMatch } from 'react-router';
import Box from '@mui/material/Box';
import { ConsentPrompts } from '../../components/consent-prompts.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { QuietBoundary } from '../../components/quiet-boundary.tsx';
import { useNotificationsStore } from '../../lib/stores/notifications-store.ts';
import { HashScroll } from '../hash-scroll.tsx';
import { PageHydrated } from '../../lib/hydration.ts';
import { PageHead } from '../page-head.tsx';
import { ScrollRestoration } from '../scroll-restoration.tsx';
import { paths } from '../paths.ts';
import { useRootEffects } from '../root-effects.ts';
import { useSessionSocket } from '../session-socket.ts';
import { AppFooter } from './app-footer.tsx';
import { AppHeader } from './app-header.tsx';

const NotificationSnackbar = lazy(() => import('../../components/notification-snackbar.tsx'));

/** Spec §2 layout: one main area with the router outlet, plus the shared header and footer. */
export function RootLayout() {
  useRootEffects();
  useSessionSocket();
  const isHome = useMatch(paths.home.path) !== null;
  const hasNotification = useNotificationsStore((state) => state.notification !== null);

  return (
    <Box
      className={isHome ? 'home' : undefined}
      data-testid="app-root"
      sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}
    >
      <ScrollRestoration />
      <HashScroll />
      <PageHead />
      <AppHeader transparent={isHome} />
      {/* At least a screen tall, so the footer starts below the fold and does not jump down
          when the lazily loaded page arrives (layout shift). */}
      <Box
        component="main"
        id="main"
        sx={{ flex: 1, minHeight: '100vh', display: 'flex', flexDirection: 'column' }}
      >
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
          <PageHydrated />
        </Suspense>
      </Box>
      <AppFooter />
      {hasNotification && (
        <QuietBoundary>
          <Suspense fallback={null}>
            <NotificationSnackbar />
          </Suspense>
        </QuietBoundary>
      )}
      <ConsentPrompts />
    </Box>
  );
}

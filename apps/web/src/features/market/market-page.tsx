import { useDeferredValue, useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { paths } from '../../app/paths.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { ReadyAccount } from '../../components/ready-account.tsx';
import { useTranslation } from '../../i18n/react.ts';
import { useHydrated } from '../../lib/hydration.ts';
import { queryClient } from '../../lib/query-client.ts';
import { useAuthStore } from '../../lib/stores/auth-store.ts';
import { useMarketStore } from '../../lib/stores/market-store.ts';
import { getMarket, useMarket } from './api/get-market.ts';
import { marketKeys } from './api/query-keys.ts';
import {
  GuestMarketContent,
  MarketContent,
  type MarketContentProps,
} from './components/market-content.tsx';
import { NS } from './i18n.ts';
import { useInitialLevel } from './use-initial-level.ts';
import { useMarketEvents } from './use-market-events.ts';

/**
 * /market (spec §2 Marketplace), open to everyone: levels, prices, stock, queues and tokens
 * for sale. A guest is asked to sign in at "Buy"; a signed-in user passes the account gate
 * and buys here. The heading needs nothing but the strings, so the build prerenders it
 * (src/prerender.tsx) and a phone paints it with the HTML.
 */
export default function MarketPage() {
  const { t } = useTranslation([NS, 'core']);
  const token = useAuthStore((state) => state.token);
  const signedIn = token !== null;
  const [params] = useSearchParams();
  // The build prerendered a spinner where the market goes (it knew no visitor): hydrated as built.
  const hydrated = useHydrated();
  useEffect(() => {
    // Asked for beside /user/me rather than after it. In a task of its own: the effects of the
    // hydrated page already start /user/me and the query client, and each request costs
    // main-thread time.
    const timer = setTimeout(() => {
      void queryClient.prefetchQuery({ queryKey: marketKeys.market(token), queryFn: getMarket });
    }, 0);
    return () => clearTimeout(timer);
  }, [token]);
  // Links of before the token page (`/market?token=12`) lead to it.
  const oldTokenLink = params.get('token');
  if (oldTokenLink) return <Navigate to={paths.marketToken.getHref(oldTokenLink)} replace />;
  return (
    <Container maxWidth="lg" data-testid="market-page" sx={{ py: { xs: 3, md: 5 } }}>
      <Stack spacing={3}>
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
            {t('title')}
          </Typography>
          <Typography color="text.secondary">{t('intro')}</Typography>
        </Box>
        {!hydrated ? (
          <PageSpinner />
        ) : signedIn ? (
          <ReadyAccount>
            <Market signedIn />
          </ReadyAccount>
        ) : (
          <Market signedIn={false} />
        )}
      </Stack>
    </Container>
  );
}

/** The market's data, with a spinner until it is in and a message when it cannot be had. */
function Market({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation(NS);
  const market = useMarket();
  const selected = useMarketStore((state) => state.selectedNftType);
  const select = useMarketStore((state) => state.selectNftType);
  useInitialLevel(select);
  // The market's content renders in slices the browser can interleave with other work, not in
  // one long task when the data arrives (issue 17, Total Blocking Time): until then, the spinner.
  const shown = useDeferredValue(market.data);
  if (shown) {
    return signedIn ? (
      <SignedInMarket market={shown} selected={selected} onSelect={select} />
    ) : (
      <GuestMarketContent market={shown} selected={selected} onSelect={select} />
    );
  }
  if (market.isPending || market.data) return <PageSpinner />;
  return (
    <Alert severity="error" data-testid="market-load-error">
      {t('load-error')}
    </Alert>
  );
}

/** A buyer's market also follows their own events (purchases, queue places) live. */
function SignedInMarket(props: MarketContentProps) {
  useMarketEvents({ withNotices: true });
  return <MarketContent {...props} />;
}

import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { nftTypeName } from '@meeet/core/enums';
import { useTranslation } from '../../i18n/react.ts';
import { paths } from '../../app/paths.ts';
import { useMarket, type getMarket } from './api/get-market.ts';
import { usePurchases, type listPurchases } from './api/list-purchases.ts';
import { NS } from './i18n.ts';
import { useMarketEvents } from './use-market-events.ts';
import { useFormat } from '../../lib/format.ts';

type Level = Awaited<ReturnType<typeof getMarket>>['levels'][number];
type Purchase = Awaited<ReturnType<typeof listPurchases>>['list'][number];

/**
 * Account → Marketplace, below the wallet: the user's tokens per level, queue places and
 * latest purchases, each leading to the marketplace (the token's page, or the level).
 */
export default function MarketAccountSection() {
  const { t } = useTranslation([NS, 'core']);
  const market = useMarket();
  const purchases = usePurchases();
  // The wallet page above shows the server's notices; this only refreshes.
  useMarketEvents({ withNotices: false });

  const mine = (market.data?.levels ?? []).filter(
    (level) => level.mine && (level.mine.token || level.mine.transactionId !== null),
  );
  const decimals = market.data?.decimals ?? 18;

  return (
    <Container maxWidth="lg" sx={{ pb: { xs: 3, md: 5 } }}>
      <Box
        component="section"
        aria-labelledby="market-account-title"
        data-testid="market-account"
        sx={{ p: { xs: 2.5, sm: 3 }, borderRadius: 4, bgcolor: 'background.paper' }}
      >
        <Typography id="market-account-title" variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('account.title')}
        </Typography>
        <Stack spacing={1.5}>
          {market.data && mine.length === 0 && (
            <Typography color="text.secondary">{t('account.empty')}</Typography>
          )}
          {mine.map((level) => (
            <MyLevel key={level.level} level={level} decimals={decimals} />
          ))}
          <Box>
            <Button
              variant="outlined"
              component={RouterLink}
              to={paths.market.getHref()}
              data-testid="market-account-open"
            >
              {t('account.open-market')}
            </Button>
          </Box>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, pt: 1 }}>
            {t('account.purchases')}
          </Typography>
          {purchases.data && purchases.data.list.length === 0 && (
            <Typography color="text.secondary">{t('account.purchases.empty')}</Typography>
          )}
          {purchases.data && purchases.data.list.length > 0 && (
            <PurchaseList list={purchases.data.list} />
          )}
        </Stack>
      </Box>
    </Container>
  );
}

/** One level the user has a stake in: the token's link, the queue place, or "pending". */
function MyLevel({ level, decimals }: { level: Level; decimals: number }) {
  const { t } = useTranslation([NS, 'core']);
  const fmt = useFormat();
  const name = nftTypeName(level.level);
  const own = level.mine;
  if (!own) return null;
  return (
    <Box data-testid="market-account-level" data-level={level.level}>
      {own.token ? (
        <Link
          component={RouterLink}
          to={paths.marketToken.getHref(own.token.id)}
          data-testid="market-account-token"
        >
          {t('account.token', { level: name, name: own.token.name })}
        </Link>
      ) : own.queuePosition !== null ? (
        <Typography data-testid="market-account-queue">
          {t('account.queued', {
            level: name,
            position: own.queuePosition,
            prepaid: fmt.amount(own.prepaid ?? '0', decimals),
          })}
        </Typography>
      ) : (
        <Typography>{t('account.pending', { level: name })}</Typography>
      )}
    </Box>
  );
}

/** The latest purchases: date, amount and status of each. */
function PurchaseList({ list }: { list: Purchase[] }) {
  const { t } = useTranslation([NS, 'core']);
  const fmt = useFormat();
  return (
    <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {list.map((item) => (
        <Stack
          component="li"
          key={item.id}
          direction="row"
          spacing={2}
          sx={{ alignItems: 'center', flexWrap: 'wrap' }}
          data-testid="market-account-purchase"
          data-status={item.status}
        >
          <Typography variant="body2" color="text.secondary">
            {fmt.dateTime(item.createdAt)}
          </Typography>
          <Typography variant="body2">
            {t('account.purchase', {
              amount: fmt.amount(item.amount, item.decimals),
            })}
          </Typography>
          <Chip
            size="small"
            variant="outlined"
            label={t(`status.${item.status}`, { defaultValue: item.status })}
          />
        </Stack>
      ))}
    </Stack>
  );
}

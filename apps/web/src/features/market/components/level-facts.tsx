import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { MarketLevel, MarketResponse } from '@meeet/core/api/market';
import { useTranslation } from '../../../i18n/react.ts';
import { useFormat } from '../../../lib/format.ts';
import { NS } from '../i18n.ts';

function Fact({
  label,
  value,
  testId,
  data,
}: {
  label: string;
  value: string;
  testId: string;
  data?: number;
}) {
  // A term and its value (dt/dd): read as a pair by screen readers and the browser tests.
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography
        variant="h6"
        component="dd"
        sx={{ fontWeight: 800, m: 0 }}
        data-testid={testId}
        data-value={data}
      >
        {value}
      </Typography>
    </Box>
  );
}

/** A level's price, stock and queue, and the signed-in buyer's balance and fee. */
export function LevelFacts({ level, market }: { level: MarketLevel; market: MarketResponse }) {
  const { t } = useTranslation(NS);
  const fmt = useFormat();
  return (
    <>
      <Box
        component="dl"
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', m: 0 }}
      >
        <Fact
          label={t('price')}
          value={`${fmt.amount(level.price, market.decimals)} USDT`}
          testId="market-price"
        />
        <Fact
          label={t('stock')}
          value={String(level.stock)}
          testId="market-stock"
          data={level.stock}
        />
        <Fact
          label={t('queue')}
          value={String(level.queueLength)}
          testId="market-queue"
          data={level.queueLength}
        />
      </Box>
      {level.queues && market.available && (
        <Typography color="warning.main" data-testid="market-stock-empty">
          {t('stock.empty')}
        </Typography>
      )}
      {market.account && (
        <Typography variant="body2" color="text.secondary" data-testid="market-balance">
          {t('balance', {
            usdt: fmt.amount(market.account.usdt, market.decimals),
            bnb: fmt.amount(market.account.bnb, market.nativeDecimals),
          })}{' '}
          · {t('fee', { fee: fmt.amount(market.buyFee, market.nativeDecimals) })}
        </Typography>
      )}
    </>
  );
}

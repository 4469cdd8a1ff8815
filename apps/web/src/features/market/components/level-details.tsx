import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MarketLevel, MarketResponse } from '@meeet/core/api/market';
import { nftTypeName } from '@meeet/core/enums';
import { useTranslation } from '../../../i18n/react.ts';
import { NS } from '../i18n.ts';
import { BuyReasons } from './buy-reasons.tsx';
import { ForSale } from './for-sale.tsx';
import { LevelFacts } from './level-facts.tsx';
import { MyLevel } from './my-level.tsx';

/**
 * The chosen level: its figures, tokens for sale, what the buyer has of it, why they cannot
 * buy, and "Buy". A guest (no `mine`) may press Buy whenever the market sells: it asks them
 * to sign in. `buying` holds the button while a purchase is sent or on its way.
 */
export function LevelDetails({
  level,
  market,
  buying,
  leaving,
  leaveFailure,
  onBuy,
  onLeave,
  onViewToken,
}: {
  level: MarketLevel;
  market: MarketResponse;
  buying: boolean;
  leaving: boolean;
  leaveFailure: string | null;
  onBuy: () => void;
  onLeave: () => void;
  onViewToken: (id: string) => void;
}) {
  const { t } = useTranslation(NS);
  const name = nftTypeName(level.level);
  const mine = level.mine;
  const guest = market.account === null && mine === null;
  const canBuy = guest ? market.available : mine?.canBuy === true && !buying && market.available;
  return (
    <Box
      component="section"
      aria-label={name}
      data-testid="market-details"
      data-level={level.level}
      sx={{ p: { xs: 2.5, sm: 3 }, borderRadius: 4, bgcolor: 'background.paper' }}
    >
      <Stack spacing={2}>
        <LevelFacts level={level} market={market} />
        <ForSale level={level} />
        {mine && (
          <MyLevel
            mine={mine}
            market={market}
            leaving={leaving}
            leaveFailure={leaveFailure}
            onLeave={onLeave}
            onViewToken={onViewToken}
          />
        )}
        <BuyReasons level={level} market={market} />
        <Box>
          <Button
            variant="contained"
            size="large"
            onClick={onBuy}
            disabled={!canBuy}
            data-testid="market-buy"
            data-queues={level.queues}
          >
            {level.queues ? t('buy.queue', { name }) : t('buy', { name })}
          </Button>
          {guest && market.available && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('guest.sign-in-to-buy')}
            </Typography>
          )}
        </Box>
      </Stack>
    </Box>
  );
}

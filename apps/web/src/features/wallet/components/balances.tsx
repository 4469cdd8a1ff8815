import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { WalletResponse } from '@meeet/core/api/crypto';
import { useTranslation } from '../../../i18n/react.ts';
import { useDevFund } from '../api/dev-fund.ts';
import { toUnits } from '../amount.ts';
import { NS } from '../i18n.ts';
import { useFormat } from '../../../lib/format.ts';

function Balance({
  label,
  units,
  decimals,
  symbol,
  testId,
}: {
  label: string;
  units: string;
  decimals: number;
  symbol: string;
  testId: string;
}) {
  const fmt = useFormat();
  // A term and its value (<dt>/<dd>), read together as "USDT balance: 12.5 USDT".
  return (
    <Box
      component="dl"
      sx={{ p: { xs: 2.5, sm: 3 }, m: 0, borderRadius: 4, bgcolor: 'background.paper' }}
    >
      <Typography color="text.secondary" variant="body2" component="dt">
        {label}
      </Typography>
      <Typography variant="h4" component="dd" sx={{ fontWeight: 800, mt: 0.5, ml: 0 }}>
        {/* data-units: the exact amount, for tests and copy; the text follows spec §9. */}
        <span data-testid={testId} data-units={units}>
          {fmt.amount(units, decimals)}
        </span>{' '}
        <Typography component="span" variant="h6" color="text.secondary">
          {symbol}
        </Typography>
      </Typography>
    </Box>
  );
}

/** USDT and BNB balances, what can be withdrawn, and test funding on the local chain. */
export function Balances({ wallet, devFunding }: { wallet: WalletResponse; devFunding: boolean }) {
  const { t } = useTranslation(NS);
  const fmt = useFormat();
  const fund = useDevFund();
  const [funded, setFunded] = useState<'done' | 'error' | null>(null);
  const reserved = toUnits(wallet.reserved);

  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Balance
          label={t('balance.usdt')}
          units={wallet.balance}
          decimals={wallet.decimals}
          symbol={wallet.symbol}
          testId="wallet-usdt-balance"
        />
        <Balance
          label={t('balance.bnb')}
          units={wallet.nativeBalance}
          decimals={wallet.nativeDecimals}
          symbol={wallet.nativeSymbol}
          testId="wallet-bnb-balance"
        />
      </Box>
      <Typography color="text.secondary" data-testid="wallet-withdrawable">
        {t('balance.withdrawable', {
          amount: fmt.amount(wallet.withdrawable, wallet.decimals),
        })}
        {reserved > 0n &&
          ` · ${t('balance.reserved', { amount: fmt.amount(reserved, wallet.decimals) })}`}
      </Typography>
      {devFunding && (
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Button
            variant="outlined"
            data-testid="dev-fund"
            disabled={fund.isPending}
            onClick={() => {
              setFunded(null);
              void fund.mutateAsync().then((result) => setFunded(result.ok ? 'done' : 'error'));
            }}
          >
            {fund.isPending ? t('dev-fund.pending') : t('dev-fund')}
          </Button>
          <Typography variant="body2" color="text.secondary">
            {t('dev-fund.hint')}
          </Typography>
          {funded && (
            <Alert
              severity={funded === 'done' ? 'success' : 'error'}
              data-testid="dev-fund-result"
              onClose={() => setFunded(null)}
            >
              {t(funded === 'done' ? 'dev-fund.done' : 'dev-fund.error')}
            </Alert>
          )}
        </Stack>
      )}
    </Stack>
  );
}

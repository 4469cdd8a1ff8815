import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { QRCodeSVG } from 'qrcode.react';
import type { TokenSymbol, WalletResponse } from '@meeet/core/api/crypto';
import { useTranslation } from '../../../i18n/react.ts';
import { NS } from '../i18n.ts';
import { CopyButton } from '../../../components/copy-button.tsx';
import { useFormat } from '../../../lib/format.ts';

const QR_SIZE = 168;

/**
 * Deposit: the user's own address — always whole, since the user must check it character by
 * character against what their sending wallet shows (it wraps on narrow screens) — with a
 * copy button, its QR code, and the "this symbol only" warning of
 * spec §8 for the symbol chosen. USDT and BNB arrive at the same BSC address.
 */
export function DepositPanel({ wallet, fee }: { wallet: WalletResponse; fee: string | null }) {
  const { t } = useTranslation([NS, 'core']);
  const fmt = useFormat();
  const [symbol, setSymbol] = useState<TokenSymbol>('USDT');
  const network = `${wallet.blockchain} (${wallet.network})`;

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} role="group" aria-label={t('deposit.title')}>
        {(['USDT', 'BNB'] as const).map((value) => (
          <Button
            key={value}
            size="small"
            variant={value === symbol ? 'contained' : 'outlined'}
            aria-pressed={value === symbol}
            onClick={() => setSymbol(value)}
            data-testid={`deposit-symbol-${value}`}
          >
            {value}
          </Button>
        ))}
      </Stack>
      <Typography color="text.secondary">{t('deposit.intro', { symbol, network })}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5} sx={{ alignItems: 'center' }}>
        <Box
          sx={{ p: 1.5, bgcolor: '#fff', borderRadius: 2, lineHeight: 0, flexShrink: 0 }}
          data-testid="deposit-qr"
        >
          <QRCodeSVG value={wallet.address} size={QR_SIZE} title={t('deposit.qr')} />
        </Box>
        <Stack spacing={1.5} sx={{ minWidth: 0, width: '100%' }}>
          <Typography variant="body2" color="text.secondary">
            {t('deposit.address', { symbol })}
          </Typography>
          <Typography
            data-testid="deposit-address"
            data-address={wallet.address}
            title={wallet.address}
            sx={{
              fontFamily: 'monospace',
              fontSize: '1rem',
              wordBreak: 'break-all',
              userSelect: 'all',
            }}
          >
            {wallet.address}
          </Typography>
          <Box>
            <CopyButton
              text={wallet.address}
              label={t('deposit.copy')}
              copiedLabel={t('deposit.copied')}
              testId="deposit-copy"
              size="medium"
            />
          </Box>
        </Stack>
      </Stack>
      <Alert severity="warning" data-testid="deposit-warning" data-symbol={symbol}>
        {t('wallet.deposit-warning', { ns: 'core', symbol })}
      </Alert>
      {fee && (
        <Typography variant="body2" color="text.secondary">
          {t('deposit.bnb-hint', { fee: fmt.amount(fee, wallet.nativeDecimals) })}
        </Typography>
      )}
    </Stack>
  );
}

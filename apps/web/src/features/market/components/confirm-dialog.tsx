import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MarketLevel, MarketResponse } from '@meeet/core/api/market';
import { nftTypeName } from '@meeet/core/enums';
import { useTranslation } from '../../../i18n/react.ts';
import { NS } from '../i18n.ts';
import { useFormat } from '../../../lib/format.ts';

/** Spec §2 "confirm purchase": price, fee, and what happens when the level is out of stock. */
export function ConfirmDialog({
  level,
  market,
  submitting,
  failure,
  onConfirm,
  onClose,
}: {
  level: MarketLevel | null;
  market: MarketResponse;
  submitting: boolean;
  failure: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  const fmt = useFormat();
  const name = level ? nftTypeName(level.level) : '';
  return (
    <Dialog
      open={level !== null}
      onClose={submitting ? undefined : onClose}
      aria-labelledby="market-confirm-title"
      data-testid="market-confirm-dialog"
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id="market-confirm-title">{t('confirm.title', { name })}</DialogTitle>
      {level && (
        <DialogContent>
          <Stack spacing={1.5}>
            <Typography sx={{ fontWeight: 700 }} data-testid="market-confirm-price">
              {t('confirm.price', { price: fmt.amount(level.price, market.decimals) })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('confirm.fee', { fee: fmt.amount(market.buyFee, market.nativeDecimals) })}
            </Typography>
            <Alert
              severity={level.queues ? 'warning' : 'info'}
              data-testid="market-confirm-note"
              data-queues={level.queues}
            >
              {level.queues ? t('confirm.queue') : t('confirm.stock')}
            </Alert>
            {failure && (
              <Alert severity="error" role="alert" data-testid="market-error">
                {failure}
              </Alert>
            )}
          </Stack>
        </DialogContent>
      )}
      <DialogActions>
        <Button color="inherit" onClick={onClose} disabled={submitting}>
          {t('confirm.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={onConfirm}
          disabled={submitting}
          data-testid="market-confirm"
        >
          {submitting ? t('confirm.submitting') : t('confirm.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Transaction } from '@meeet/core/api/crypto';
import { nftTypeName, type NftType } from '@meeet/core/enums';
import { useTranslation } from '../../../i18n/react.ts';
import { NS } from '../i18n.ts';
import type { PurchaseOutcome as Outcome } from '../purchase.ts';

const SEVERITY = {
  processing: 'info',
  queued: 'info',
  confirmed: 'success',
  failed: 'error',
  canceled: 'warning',
  unknown: 'error',
} as const;

/**
 * Where a purchase stands (spec §4 outcomes, §8 messages): on its way, queued, confirmed,
 * failed, canceled, or an unknown error — the last three with Try again.
 */
export function PurchaseOutcome({
  outcome,
  level,
  transaction,
  queuePosition,
  tokenName,
  onTryAgain,
  onClose,
  onViewToken,
}: {
  outcome: Outcome | 'unknown';
  level: NftType;
  transaction: Transaction | undefined;
  queuePosition: number | null;
  tokenName: string | null;
  onTryAgain: () => void;
  onClose: (() => void) | null;
  onViewToken: (() => void) | null;
}) {
  const { t } = useTranslation([NS, 'core']);
  const name = nftTypeName(level);
  const reason =
    transaction?.error && (outcome === 'failed' || outcome === 'canceled')
      ? t(transaction.error, { ns: 'core', defaultValue: '' })
      : '';
  const canRetry = outcome === 'failed' || outcome === 'canceled' || outcome === 'unknown';
  const message = {
    processing: t('outcome.processing'),
    queued: t('market.purchase-queued', { ns: 'core', name }),
    confirmed: t('market.purchase-confirmed', { ns: 'core', name: tokenName ?? name }),
    failed: t('market.transaction-failed', { ns: 'core' }),
    canceled: t('market.transaction-canceled', { ns: 'core' }),
    unknown: t('market.unknown-error', { ns: 'core' }),
  }[outcome];

  return (
    <Alert
      severity={SEVERITY[outcome]}
      icon={outcome === 'processing' ? <CircularProgress size={20} /> : undefined}
      role={canRetry ? 'alert' : 'status'}
      data-testid="market-outcome"
      data-outcome={outcome}
      data-level={level}
      sx={{ alignItems: 'center' }}
    >
      <Stack spacing={1}>
        <Typography data-testid="market-outcome-message">{message}</Typography>
        {reason && <Typography variant="body2">{reason}</Typography>}
        {outcome === 'queued' && queuePosition !== null && (
          <Typography variant="body2">
            {t('outcome.queued-position', { position: queuePosition })}
          </Typography>
        )}
        {transaction?.explorerUrl && (
          <Link href={transaction.explorerUrl} target="_blank" rel="noopener noreferrer">
            {t('outcome.view-transaction')}
          </Link>
        )}
        <OutcomeActions
          canRetry={canRetry}
          onTryAgain={onTryAgain}
          onViewToken={outcome === 'confirmed' ? onViewToken : null}
          onClose={onClose}
        />
      </Stack>
    </Alert>
  );
}

/** The outcome's buttons: Try again (when it can be retried), view the token, close. */
function OutcomeActions({
  canRetry,
  onTryAgain,
  onViewToken,
  onClose,
}: {
  canRetry: boolean;
  onTryAgain: () => void;
  onViewToken: (() => void) | null;
  onClose: (() => void) | null;
}) {
  const { t } = useTranslation([NS, 'core']);
  return (
    <Stack direction="row" spacing={1}>
      {canRetry && (
        <Button
          variant="contained"
          size="small"
          onClick={onTryAgain}
          data-testid="market-try-again"
        >
          {t('market.try-again', { ns: 'core' })}
        </Button>
      )}
      {onViewToken && (
        <Button
          variant="outlined"
          size="small"
          onClick={onViewToken}
          data-testid="market-view-token"
        >
          {t('mine.view-token')}
        </Button>
      )}
      {onClose && (
        <Button color="inherit" size="small" onClick={onClose} data-testid="market-outcome-close">
          {t('outcome.close')}
        </Button>
      )}
    </Stack>
  );
}

import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Transaction } from '@meeet/core/api/crypto';
import { maskShort } from '@meeet/core/format/mask';
import { useTranslation } from '../../../i18n/react.ts';
import { useFormat } from '../../../lib/format.ts';
import { isFinalStatus } from '../../../lib/transaction.ts';
import { useTransaction } from '../api/get-transaction.ts';
import { NS } from '../i18n.ts';
import { StatusChip } from './status-chip.tsx';
import type { WithdrawOrder } from './use-withdraw-wizard.ts';

/** Step 3: the transaction followed to its end (confirmed or failed). */
export function WithdrawResult({
  order,
  initial,
  onNew,
}: {
  order: WithdrawOrder;
  initial: Transaction;
  onNew: () => void;
}) {
  const { t } = useTranslation(NS);
  const fmt = useFormat();
  const followed = useTransaction(initial.id);
  const transaction = followed.data ?? initial;
  const status = transaction.status;
  const final = isFinalStatus(status);
  const ok = status === 'CONFIRMED';
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  return (
    <Stack spacing={2} data-testid="withdraw-result" data-status={status} aria-live="polite">
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography ref={heading} tabIndex={-1} variant="h6" component="h3">
          {t('withdraw.result', {
            amount: fmt.amount(transaction.amount, transaction.decimals),
          })}
        </Typography>
        <StatusChip status={status} testId="withdraw-result-status" />
      </Stack>
      <Typography color="text.secondary" title={order.address}>
        {t('withdraw.result-to', { address: maskShort(order.address) })}
      </Typography>
      <Alert severity={!final ? 'info' : ok ? 'success' : 'error'}>
        {t(
          !final
            ? 'withdraw.result-pending'
            : ok
              ? 'withdraw.result-confirmed'
              : 'withdraw.result-failed',
        )}
      </Alert>
      {transaction.explorerUrl && (
        <Link href={transaction.explorerUrl} target="_blank" rel="noopener noreferrer">
          {t('history.explorer')}
        </Link>
      )}
      <Button
        variant="outlined"
        onClick={onNew}
        data-testid="withdraw-new"
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('withdraw.new')}
      </Button>
    </Stack>
  );
}

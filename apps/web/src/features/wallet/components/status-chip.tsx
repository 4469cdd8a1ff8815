import Chip from '@mui/material/Chip';
import type { TransactionStatus } from '@meeet/core/enums';
import { useTranslation } from '../../../i18n/react.ts';
import { NS } from '../i18n.ts';

// Every status of spec §3 has a colour (the Record makes a new status a type error).
const COLORS: Record<TransactionStatus, 'success' | 'error' | 'warning' | 'info' | 'default'> = {
  CONFIRMED: 'success',
  FAIL: 'error',
  CANCELED: 'default',
  REQUESTED: 'info',
  PROCESSING: 'warning',
  PENDING: 'warning',
  NONE: 'default',
};

/**
 * A transaction status (spec §3) as a coloured chip; `data-status` carries the raw value. While
 * a transaction waits for its blocks, the chip counts them: "Processing · 3 of 15".
 */
export function StatusChip({
  status,
  confirmations = null,
  testId = 'tx-status',
}: {
  status: string;
  confirmations?: { count: number; required: number } | null;
  testId?: string;
}) {
  const { t } = useTranslation(NS);
  const label = t(`status.${status}`, { defaultValue: status });
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLORS[status as TransactionStatus] ?? 'default'}
      label={confirmations ? `${label} · ${t('status.confirmations', confirmations)}` : label}
      data-testid={testId}
      data-status={status}
    />
  );
}

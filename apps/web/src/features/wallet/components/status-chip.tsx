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

/** A transaction status (spec §3) as a coloured chip; `data-status` carries the raw value. */
export function StatusChip({ status, testId = 'tx-status' }: { status: string; testId?: string }) {
  const { t } = useTranslation(NS);
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLORS[status as TransactionStatus] ?? 'default'}
      label={t(`status.${status}`, { defaultValue: status })}
      data-testid={testId}
      data-status={status}
    />
  );
}

import Alert from '@mui/material/Alert';
import type { WithdrawalHold } from '@meeet/core/api/custody';
import { useTranslation } from '../../../i18n/react.ts';
import { useFormat } from '../../../lib/format.ts';
import { NS } from '../i18n.ts';

/** "Withdrawals are paused until 29 Nov, 10:12 after your password change." */
export function HoldBanner({ hold }: { hold: WithdrawalHold | null | undefined }) {
  const { t } = useTranslation([NS, 'core']);
  const fmt = useFormat();
  if (!hold) return null;
  return (
    <Alert severity="warning" data-testid="wallet-hold">
      {t(`hold.${hold.reason}`, { until: fmt.dateTime(hold.until) })}
    </Alert>
  );
}

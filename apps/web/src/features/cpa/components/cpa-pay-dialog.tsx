import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { CpaPartner } from '@meeet/core/api/cpa';
import { formatTokenAmount } from '@meeet/core/format/number';
import { useTranslation } from '../../../i18n/react.ts';
import { usePayCpaPartner } from '../api/cpa-partners.ts';
import { NS } from '../i18n.ts';

/** Confirms paying a partner everything unpaid; says how it went through `onDone`. */
export function CpaPayDialog({
  partner,
  onClose,
  onDone,
}: {
  partner: CpaPartner;
  onClose: () => void;
  onDone: (outcome: { ok: boolean; text: string }) => void;
}) {
  const { t } = useTranslation(NS);
  const pay = usePayCpaPartner();
  return (
    <Dialog open onClose={onClose} aria-labelledby="cpa-pay-title">
      <DialogTitle id="cpa-pay-title">
        {t('control.pay-title', {
          amount: formatTokenAmount(partner.unpaid),
          id: partner.userId,
        })}
      </DialogTitle>
      <DialogContent>{t('control.pay-text')}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('links.cancel')}</Button>
        <Button
          variant="contained"
          disabled={pay.isPending}
          onClick={async () => {
            const result = await pay.mutateAsync({
              userId: partner.userId,
              amount: partner.unpaid,
            });
            onDone(
              result.ok
                ? {
                    ok: true,
                    text: t('control.paid', { amount: formatTokenAmount(result.data.amount) }),
                  }
                : { ok: false, text: result.error },
            );
          }}
        >
          {t('control.pay-confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

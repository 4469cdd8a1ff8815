import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { MarketLevel, MarketResponse } from '@meeet/core/api/market';
import { paths } from '../../../app/paths.ts';
import { useTranslation } from '../../../i18n/react.ts';
import { useFormat } from '../../../lib/format.ts';
import { NS } from '../i18n.ts';
import { reasonMessage } from '../purchase.ts';

/** Where each reason's way out leads: verification, a higher level, a deposit. */
function WayOut({ reason }: { reason: string }) {
  const { t } = useTranslation(NS);
  const link = (to: string, text: string, testId?: string) => (
    <>
      {' '}
      <Link component={RouterLink} to={to} data-testid={testId}>
        {text}
      </Link>
    </>
  );
  switch (reason) {
    case 'kyc-required':
      return link(paths.kyc.getHref(), t('reason.kyc-link'));
    case 'kyc-level-too-low':
      // The way up: ask a moderator for a higher level on the KYC page.
      return link(
        `${paths.kyc.getHref()}#level-request`,
        t('reason.kyc-raise-link'),
        'market-level-request-link',
      );
    case 'insufficient-usdt':
    case 'insufficient-bnb':
      // The way out: the wallet's deposit address, scrolled into view.
      return link(
        `${paths.account.market.getHref()}#wallet-deposit`,
        t('reason.deposit-link'),
        'market-deposit-link',
      );
    default:
      return null;
  }
}

/** Why the signed-in buyer cannot buy the level now, one alert per reason. */
export function BuyReasons({ level, market }: { level: MarketLevel; market: MarketResponse }) {
  const { t } = useTranslation([NS, 'core']);
  const fmt = useFormat();
  const mine = level.mine;
  // 'already-queued' is said by the queue place line above, with the leave button.
  const reasons = (mine?.reasons ?? []).filter(
    (reason) => !(reason === 'already-queued' && mine?.queuePosition != null),
  );
  if (reasons.length === 0) return null;
  return (
    <Stack spacing={1} data-testid="market-reasons">
      {reasons.map((reason) => {
        const message = reasonMessage(reason, level, market, fmt.locale);
        return (
          <Alert
            key={reason}
            severity={reason === 'already-holds-level' ? 'info' : 'warning'}
            data-testid="market-reason"
            data-reason={reason}
          >
            {t(message.key, { ns: message.ns, ...message.params })}
            <WayOut reason={reason} />
          </Alert>
        );
      })}
    </Stack>
  );
}

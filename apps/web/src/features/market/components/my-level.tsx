import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MarketLevelMine, MarketResponse } from '@meeet/core/api/market';
import { TokenArt } from '../../../components/token-art.tsx';
import { useTranslation } from '../../../i18n/react.ts';
import { useFormat } from '../../../lib/format.ts';
import { NS } from '../i18n.ts';

/** What the buyer has of a level: the token they hold, or their queue place with "Leave". */
export function MyLevel({
  mine,
  market,
  leaving,
  leaveFailure,
  onLeave,
  onViewToken,
}: {
  mine: MarketLevelMine;
  market: MarketResponse;
  leaving: boolean;
  leaveFailure: string | null;
  onLeave: () => void;
  onViewToken: (id: string) => void;
}) {
  const { t } = useTranslation(NS);
  const fmt = useFormat();
  const token = mine.token;
  return (
    <>
      {token && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <TokenArt id={token.id} name={token.name} size={72} testId="market-mine-token-art" />
          <Typography data-testid="market-mine-token">
            {t('mine.token', { name: token.name })}
          </Typography>
          <Button size="small" onClick={() => onViewToken(token.id)}>
            {t('mine.view-token')}
          </Button>
        </Stack>
      )}
      {mine.queuePosition != null && (
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Typography data-testid="market-queue-position" data-value={mine.queuePosition}>
            {t('mine.queued', {
              position: mine.queuePosition,
              prepaid: fmt.amount(mine.prepaid ?? '0', market.decimals),
            })}
          </Typography>
          <Button
            variant="outlined"
            color="warning"
            onClick={onLeave}
            disabled={leaving}
            data-testid="market-leave-queue"
          >
            {leaving ? t('leave-queue.pending') : t('leave-queue')}
          </Button>
          {leaveFailure && (
            <Alert severity="error" role="alert" data-testid="market-leave-error">
              {leaveFailure}
            </Alert>
          )}
        </Stack>
      )}
    </>
  );
}

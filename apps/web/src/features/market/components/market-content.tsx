import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import type { MarketResponse } from '@meeet/core/api/market';
import type { NftType } from '@meeet/core/enums';
import { paths } from '../../../app/paths.ts';
import { useTranslation } from '../../../i18n/react.ts';
import { NS } from '../i18n.ts';
import { usePurchaseFlow } from '../use-purchase-flow.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { LevelDetails } from './level-details.tsx';
import { LevelPicker } from './level-picker.tsx';
import { PurchaseOutcome } from './purchase-outcome.tsx';

/** The market's answer and the level on screen, with the way to choose another. */
export interface MarketContentProps {
  market: MarketResponse;
  selected: NftType;
  onSelect: (level: NftType) => void;
}

/** The market for a signed-in buyer: levels, the chosen level, a purchase and its outcome. */
export function MarketContent({ market, selected, onSelect }: MarketContentProps) {
  const { t } = useTranslation([NS, 'core']);
  const navigate = useNavigate();
  const flow = usePurchaseFlow(market, selected);
  const viewToken = (id: string) => navigate(paths.marketToken.getHref(id));
  const { level, followed, followedLevel, outcome } = flow;

  return (
    <>
      <LevelPicker
        levels={market.levels}
        decimals={market.decimals}
        selected={selected}
        onSelect={onSelect}
      />
      {!market.available && (
        <Alert severity="warning" data-testid="market-unavailable">
          {t('market.unavailable', { ns: 'core' })}
        </Alert>
      )}
      {level && (
        <LevelDetails
          level={level}
          market={market}
          buying={flow.inFlight}
          leaving={flow.leaving}
          leaveFailure={flow.leaveFailure}
          onBuy={() => flow.openConfirm(level.level)}
          onLeave={() => flow.leaveQueue(level.level)}
          onViewToken={viewToken}
        />
      )}
      {outcome !== null && followedLevel !== null && (
        <PurchaseOutcome
          outcome={outcome}
          level={followedLevel}
          transaction={flow.transaction}
          queuePosition={followed?.mine?.queuePosition ?? null}
          tokenName={followed?.mine?.token?.name ?? null}
          onTryAgain={flow.tryAgain}
          onClose={flow.closeOutcome}
          onViewToken={
            followed?.mine?.token ? () => viewToken(followed.mine?.token?.id ?? '') : null
          }
        />
      )}
      <ConfirmDialog
        level={flow.confirmLevel}
        market={market}
        submitting={flow.buying}
        failure={flow.failure}
        onConfirm={flow.confirm}
        onClose={flow.closeConfirm}
      />
    </>
  );
}

/**
 * The market as a guest sees it: the same levels, prices, stock and queues; "Buy" asks them
 * to sign in and brings them back to this level afterwards (`next`).
 */
export function GuestMarketContent({ market, selected, onSelect }: MarketContentProps) {
  const navigate = useNavigate();
  const level = market.levels.find((item) => item.level === selected) ?? market.levels[0];
  return (
    <>
      <LevelPicker
        levels={market.levels}
        decimals={market.decimals}
        selected={selected}
        onSelect={onSelect}
      />
      {level && (
        <LevelDetails
          level={level}
          market={market}
          buying={false}
          leaving={false}
          leaveFailure={null}
          onBuy={() =>
            navigate(paths.auth.login.getHref({ next: paths.market.getHref({ nft: level.level }) }))
          }
          onLeave={() => {}}
          onViewToken={(id) => navigate(paths.marketToken.getHref(id))}
        />
      )}
    </>
  );
}

import { useDeferredValue, useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MarketLevel, MarketResponse } from '@meeet/core/api/market';
import { nftTypeName, type NftType } from '@meeet/core/enums';
import { useTranslation } from '../../i18n/react.ts';
import { paths } from '../../app/paths.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { TokenArt } from '../../components/token-art.tsx';
import { STORAGE_KEYS, readStorage, removeStorage } from '../../lib/storage.ts';
import { useAuthStore } from '../../lib/stores/auth-store.ts';
import { useMarketStore } from '../../lib/stores/market-store.ts';
import { ReadyAccount } from '../../components/ready-account.tsx';
import { queryClient } from '../../lib/query-client.ts';
import { useBuyNft } from './api/buy-nft.ts';
import { getMarket, useMarket } from './api/get-market.ts';
import { marketKeys } from './api/query-keys.ts';
import { usePurchaseTransaction } from './api/get-transaction.ts';
import { useLeaveQueue } from './api/leave-queue.ts';
import { ConfirmDialog } from './components/confirm-dialog.tsx';
import { LevelPicker } from './components/level-picker.tsx';
import { PurchaseOutcome } from './components/purchase-outcome.tsx';
import { TokenDialog } from './components/token-dialog.tsx';
import { NS } from './i18n.ts';
import { newIdempotencyKey } from '../../lib/random-id.ts';
import { initialLevel, outcomeOf, reasonMessage } from './purchase.ts';
import { useMarketEvents } from './use-market-events.ts';
import { useFormat } from '../../lib/format.ts';

/** A purchase the user confirmed on this page; its key is reused on every retry of it. */
interface Purchase {
  level: NftType;
  idempotencyKey: string;
  /** The BUY_NFT row to follow; null when the buy call got no usable answer. */
  transactionId: number | null;
}

/**
 * `?nft=` and the stored buyingNftId (spec §2/§3) choose the level once, then are cleared so a
 * later visit starts from the user's own choice. Runs again when the root effect re-stores it.
 */
function useInitialLevel(select: (level: NftType) => void) {
  const [params, setParams] = useSearchParams();
  const nft = params.get('nft');
  useEffect(() => {
    const stored = readStorage(STORAGE_KEYS.buyingNftId);
    const level = initialLevel(nft, stored);
    if (level !== null) select(level);
    if (stored !== null) removeStorage(STORAGE_KEYS.buyingNftId);
    if (nft !== null)
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('nft');
          return next;
        },
        { replace: true },
      );
  }, [nft, select, setParams]);
}

/**
 * /market (spec §2 Marketplace): choose a level, confirm, follow the purchase, see the queue.
 * The heading needs nothing but the strings, so the build prerenders it (src/prerender.tsx) and
 * a phone paints it with the HTML; the rest waits for the account gate and the market's data,
 * which are asked for at the same time.
 */
export default function MarketPage() {
  const { t } = useTranslation([NS, 'core']);
  useEffect(() => {
    // Asked for beside /user/me rather than after it (a visitor without a session is on the
    // way to the login page instead). In a task of its own: the effects of the hydrated page
    // already start /user/me and the query client, and each request costs main-thread time.
    const timer = setTimeout(() => {
      if (useAuthStore.getState().token)
        void queryClient.prefetchQuery({ queryKey: marketKeys.market, queryFn: getMarket });
    }, 0);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Container maxWidth="lg" data-testid="market-page" sx={{ py: { xs: 3, md: 5 } }}>
      <Stack spacing={3}>
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
            {t('title')}
          </Typography>
          <Typography color="text.secondary">{t('intro')}</Typography>
        </Box>
        <ReadyAccount>
          <Market />
        </ReadyAccount>
      </Stack>
    </Container>
  );
}

/** The market for a user the account gate let through. */
function Market() {
  const { t } = useTranslation([NS, 'core']);
  const market = useMarket();
  const selected = useMarketStore((state) => state.selectedNftType);
  const select = useMarketStore((state) => state.selectNftType);
  const [params, setParams] = useSearchParams();
  useInitialLevel(select);
  useMarketEvents({ withNotices: true });

  const tokenId = params.get('token');
  const setTokenId = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === null) next.delete('token');
        else next.set('token', id);
        return next;
      },
      { replace: id === null },
    );

  // The market's content renders in slices the browser can interleave with other work, not in
  // one long task when the data arrives (a phone stays responsive; issue 17, Total Blocking
  // Time): until that render is done, the spinner stays.
  const shown = useDeferredValue(market.data);

  return (
    <>
      {shown ? (
        <MarketContent
          market={shown}
          selected={selected}
          onSelect={select}
          onViewToken={setTokenId}
        />
      ) : market.isPending || market.data ? (
        <PageSpinner />
      ) : (
        <Alert severity="error" data-testid="market-load-error">
          {t('load-error')}
        </Alert>
      )}
      <TokenDialog id={tokenId} onClose={() => setTokenId(null)} />
    </>
  );
}

function MarketContent({
  market,
  selected,
  onSelect,
  onViewToken,
}: {
  market: MarketResponse;
  selected: NftType;
  onSelect: (level: NftType) => void;
  onViewToken: (id: string) => void;
}) {
  const { t } = useTranslation([NS, 'core']);
  const buy = useBuyNft();
  const leave = useLeaveQueue();
  const [confirming, setConfirming] = useState<{ level: NftType; key: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [purchase, setPurchase] = useState<Purchase | null>(null);
  const [leaveKey, setLeaveKey] = useState<string | null>(null);
  const [leaveFailure, setLeaveFailure] = useState<string | null>(null);

  const level = market.levels.find((item) => item.level === selected) ?? market.levels[0];
  const levelOf = (type: NftType) => market.levels.find((item) => item.level === type) ?? null;

  // A purchase confirmed here, else the open purchase or queue place of the chosen level.
  const followedLevel = purchase?.level ?? level?.level ?? null;
  const followedId =
    purchase !== null ? purchase.transactionId : (level?.mine?.transactionId ?? null);
  const transaction = usePurchaseTransaction(followedId);

  const openConfirm = (type: NftType) => {
    setFailure(null);
    // One Idempotency-Key per confirm action: made when the dialog opens, reused by its retries.
    setConfirming({ level: type, key: newIdempotencyKey() });
  };

  const send = async (type: NftType, idempotencyKey: string) => {
    setFailure(null);
    const result = await buy.mutateAsync({ body: { level: type }, idempotencyKey });
    if (result.ok) {
      setConfirming(null);
      setPurchase({ level: type, idempotencyKey, transactionId: result.data.transaction.id });
      return;
    }
    // A refusal the server explained (spec §8 'You already have NFT {name}', funds, KYC…).
    if (result.errorCode && result.code < 500) {
      setFailure(result.error);
      return;
    }
    // No usable answer: the purchase may or may not exist. Try again resends the same key.
    setConfirming(null);
    setPurchase({ level: type, idempotencyKey, transactionId: null });
  };

  const onLeave = async (type: NftType) => {
    setLeaveFailure(null);
    const key = leaveKey ?? newIdempotencyKey();
    setLeaveKey(key);
    const result = await leave.mutateAsync({ body: { level: type }, idempotencyKey: key });
    if (result.ok) {
      setLeaveKey(null);
      setPurchase({
        level: type,
        idempotencyKey: key,
        transactionId: result.data.purchaseTransactionId,
      });
      return;
    }
    setLeaveFailure(result.errorCode && result.code < 500 ? result.error : t('leave-queue.error'));
  };

  const outcome =
    purchase !== null && purchase.transactionId === null
      ? 'unknown'
      : transaction.data
        ? outcomeOf(transaction.data.status)
        : transaction.isError
          ? 'unknown'
          : followedId !== null
            ? 'processing'
            : null;

  const tryAgain = () => {
    if (followedLevel === null) return;
    if (purchase !== null && purchase.transactionId === null) {
      void send(purchase.level, purchase.idempotencyKey);
      return;
    }
    if (transaction.isError && !transaction.data) {
      void transaction.refetch();
      return;
    }
    setPurchase(null);
    openConfirm(followedLevel);
  };

  const followed = followedLevel !== null ? levelOf(followedLevel) : null;
  const confirmLevel = confirming ? levelOf(confirming.level) : null;

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
          buying={buy.isPending}
          leaving={leave.isPending}
          leaveFailure={leaveFailure}
          onBuy={() => openConfirm(level.level)}
          onLeave={() => void onLeave(level.level)}
          onViewToken={onViewToken}
        />
      )}
      {outcome !== null && followedLevel !== null && (
        <PurchaseOutcome
          outcome={outcome}
          level={followedLevel}
          transaction={transaction.data}
          queuePosition={followed?.mine?.queuePosition ?? null}
          tokenName={followed?.mine?.token?.name ?? null}
          onTryAgain={tryAgain}
          onClose={
            purchase !== null && outcome !== 'processing' && outcome !== 'queued'
              ? () => setPurchase(null)
              : null
          }
          onViewToken={
            followed?.mine?.token ? () => onViewToken(followed.mine?.token?.id ?? '') : null
          }
        />
      )}
      <ConfirmDialog
        level={confirmLevel}
        market={market}
        submitting={buy.isPending}
        failure={failure}
        onConfirm={() => confirming && void send(confirming.level, confirming.key)}
        onClose={() => setConfirming(null)}
      />
    </>
  );
}

function LevelDetails({
  level,
  market,
  buying,
  leaving,
  leaveFailure,
  onBuy,
  onLeave,
  onViewToken,
}: {
  level: MarketLevel;
  market: MarketResponse;
  buying: boolean;
  leaving: boolean;
  leaveFailure: string | null;
  onBuy: () => void;
  onLeave: () => void;
  onViewToken: (id: string) => void;
}) {
  const { t } = useTranslation([NS, 'core']);
  const fmt = useFormat();
  const name = nftTypeName(level.level);
  const mine = level.mine;
  // 'already-queued' is said by the queue place line above, with the leave button.
  const reasons = (mine?.reasons ?? [])
    .filter((reason) => !(reason === 'already-queued' && mine?.queuePosition != null))
    .map((reason) => ({
      reason,
      message: reasonMessage(reason, level, market, fmt.locale),
    }));
  // A term and its value (<dt>/<dd>), read together as "Price: 100 USDT".
  const fact = (label: string, value: string, testId: string, data?: number) => (
    <Box>
      <Typography variant="body2" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography
        variant="h6"
        component="dd"
        sx={{ fontWeight: 800 }}
        data-testid={testId}
        data-value={data}
      >
        {value}
      </Typography>
    </Box>
  );

  return (
    <Box
      component="section"
      aria-label={name}
      data-testid="market-details"
      data-level={level.level}
      sx={{ p: { xs: 2.5, sm: 3 }, borderRadius: 4, bgcolor: 'background.paper' }}
    >
      <Stack spacing={2}>
        <Box
          component="dl"
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', m: 0 }}
        >
          {fact(t('price'), `${fmt.amount(level.price, market.decimals)} USDT`, 'market-price')}
          {fact(t('stock'), String(level.stock), 'market-stock', level.stock)}
          {fact(t('queue'), String(level.queueLength), 'market-queue', level.queueLength)}
        </Box>
        {level.queues && market.available && (
          <Typography color="warning.main" data-testid="market-stock-empty">
            {t('stock.empty')}
          </Typography>
        )}
        {market.account && (
          <Typography variant="body2" color="text.secondary" data-testid="market-balance">
            {t('balance', {
              usdt: fmt.amount(market.account.usdt, market.decimals),
              bnb: fmt.amount(market.account.bnb, market.nativeDecimals),
            })}{' '}
            · {t('fee', { fee: fmt.amount(market.buyFee, market.nativeDecimals) })}
          </Typography>
        )}
        {mine?.token && (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <TokenArt
              id={mine.token.id}
              name={mine.token.name}
              size={72}
              testId="market-mine-token-art"
            />
            <Typography data-testid="market-mine-token">
              {t('mine.token', { name: mine.token.name })}
            </Typography>
            <Button size="small" onClick={() => onViewToken(mine.token?.id ?? '')}>
              {t('mine.view-token')}
            </Button>
          </Stack>
        )}
        {mine?.queuePosition != null && (
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
        {reasons.length > 0 && (
          <Stack spacing={1} data-testid="market-reasons">
            {reasons.map(({ reason, message }) => (
              <Alert
                key={reason}
                severity={reason === 'already-holds-level' ? 'info' : 'warning'}
                data-testid="market-reason"
                data-reason={reason}
              >
                {t(message.key, { ns: message.ns, ...message.params })}
                {reason === 'kyc-required' && (
                  <>
                    {' '}
                    <Link component={RouterLink} to={paths.kyc.getHref()}>
                      {t('reason.kyc-link')}
                    </Link>
                  </>
                )}
                {reason === 'kyc-level-too-low' && (
                  <>
                    {' '}
                    {/* The way up: ask a moderator for a higher level on the KYC page. */}
                    <Link
                      component={RouterLink}
                      to={`${paths.kyc.getHref()}#level-request`}
                      data-testid="market-level-request-link"
                    >
                      {t('reason.kyc-raise-link')}
                    </Link>
                  </>
                )}
                {(reason === 'insufficient-usdt' || reason === 'insufficient-bnb') && (
                  <>
                    {' '}
                    {/* The way out: the wallet's deposit address, scrolled into view. */}
                    <Link
                      component={RouterLink}
                      to={`${paths.account.market.getHref()}#wallet-deposit`}
                      data-testid="market-deposit-link"
                    >
                      {t('reason.deposit-link')}
                    </Link>
                  </>
                )}
              </Alert>
            ))}
          </Stack>
        )}
        <Box>
          <Button
            variant="contained"
            size="large"
            onClick={onBuy}
            disabled={!mine?.canBuy || buying || !market.available}
            data-testid="market-buy"
            data-queues={level.queues}
          >
            {level.queues ? t('buy.queue', { name }) : t('buy', { name })}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

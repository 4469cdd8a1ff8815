import { useState } from 'react';
import type { MarketResponse } from '@meeet/core/api/market';
import type { NftType } from '@meeet/core/enums';
import { useTranslation } from '../../i18n/react.ts';
import { newIdempotencyKey } from '../../lib/random-id.ts';
import { useBuyNft } from './api/buy-nft.ts';
import { usePurchaseTransaction } from './api/get-transaction.ts';
import { useLeaveQueue } from './api/leave-queue.ts';
import { NS } from './i18n.ts';
import { outcomeOf, type PurchaseOutcome } from './purchase.ts';

/** A purchase the user confirmed on this page; its key is reused on every retry of it. */
interface Purchase {
  level: NftType;
  idempotencyKey: string;
  /** The BUY_NFT row to follow; null when the buy call got no usable answer. */
  transactionId: number | null;
}

/**
 * A signed-in buyer's purchase on the market page: the confirm step (one Idempotency-Key per
 * confirm action, reused by its retries), the purchase followed to its outcome, and leaving a
 * queue. `selected` is the level on screen; its open purchase is followed when none was made here.
 */
export function usePurchaseFlow(market: MarketResponse, selected: NftType) {
  const buy = useBuyNft();
  const [confirming, setConfirming] = useState<{ level: NftType; key: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [purchase, setPurchase] = useState<Purchase | null>(null);
  const leave = useLeaveQueueAction(setPurchase);

  const levelOf = (type: NftType) => market.levels.find((item) => item.level === type) ?? null;
  const level = levelOf(selected) ?? market.levels[0] ?? null;
  // A purchase confirmed here, else the open purchase or queue place of the chosen level.
  const followedLevel = purchase?.level ?? level?.level ?? null;
  const followedId =
    purchase !== null ? purchase.transactionId : (level?.mine?.transactionId ?? null);
  const transaction = usePurchaseTransaction(followedId);

  const openConfirm = (type: NftType) => {
    setFailure(null);
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

  const outcome = outcomeNow(purchase, transaction, followedId);

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

  return {
    level,
    followedLevel,
    followed: followedLevel !== null ? levelOf(followedLevel) : null,
    transaction: transaction.data,
    outcome,
    /** A purchase is being sent or is on its way: no second one is started meanwhile. */
    inFlight: buy.isPending || outcome === 'processing',
    buying: buy.isPending,
    leaving: leave.leaving,
    failure,
    leaveFailure: leave.failure,
    confirmLevel: confirming ? levelOf(confirming.level) : null,
    openConfirm,
    confirm: () => confirming && void send(confirming.level, confirming.key),
    closeConfirm: () => setConfirming(null),
    leaveQueue: leave.leaveQueue,
    tryAgain,
    /** Closing the outcome is offered once it is final and was started here. */
    closeOutcome:
      purchase !== null && outcome !== 'processing' && outcome !== 'queued'
        ? () => setPurchase(null)
        : null,
  };
}

/** Leaving a level's queue (one Idempotency-Key until it succeeds); then it is followed. */
function useLeaveQueueAction(setPurchase: (purchase: Purchase) => void) {
  const { t } = useTranslation([NS, 'core']);
  const leave = useLeaveQueue();
  const [leaveKey, setLeaveKey] = useState<string | null>(null);
  const [leaveFailure, setLeaveFailure] = useState<string | null>(null);

  const leaveQueue = async (type: NftType) => {
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

  return {
    leaving: leave.isPending,
    failure: leaveFailure,
    leaveQueue: (type: NftType) => void leaveQueue(type),
  };
}

/** Where the followed purchase stands: null when nothing is followed. */
function outcomeNow(
  purchase: Purchase | null,
  transaction: { data?: { status: Parameters<typeof outcomeOf>[0] }; isError: boolean },
  followedId: number | null,
): PurchaseOutcome | 'unknown' | null {
  return purchase !== null && purchase.transactionId === null
    ? 'unknown'
    : transaction.data
      ? outcomeOf(transaction.data.status)
      : transaction.isError
        ? 'unknown'
        : followedId !== null
          ? 'processing'
          : null;
}

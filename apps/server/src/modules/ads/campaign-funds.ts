import type { DbExecutor } from '../../db/client.ts';
import type { ChainRuntime } from '../../plugins/chain.ts';
import { txOf } from '../../plugins/db.ts';
import { ledger } from '../wallet/ledger.service.ts';
import { TOKEN_TRANSFER_GAS } from '../wallet/tx-sender.ts';

/** A campaign's daily charge carries this idempotency key prefix, then `<id> <day>`. */
export const CAMPAIGN_CHARGE_KEY_PREFIX = 'campaign-charge ';

/** How campaigns reach the business's USDT: only through the wallet's ledger. */
export interface CampaignFunds {
  /**
   * USDT the owner may spend now, read on `tx` under a lock on their wallet (so a withdrawal
   * cannot spend it meanwhile). Zero without a chain, or without the BNB a transfer burns.
   */
  lockedSpendable(tx: DbExecutor, userId: number): Promise<bigint>;
  /** Writes the charge as a REQUESTED ledger row to the hot wallet; returns its id. */
  charge(
    tx: DbExecutor,
    input: { userId: number; amount: bigint; campaignId: number; day: string },
  ): Promise<number>;
  /** After the commit: hands the row to the sender (its tracker retries on failure). */
  dispatch(transactionId: number): Promise<void>;
}

/** The wallet ledger's side of campaign payments: on-chain USDT transfers to the hot wallet. */
export function ledgerFunds(chain: ChainRuntime): CampaignFunds {
  return {
    async lockedSpendable(tx, userId) {
      if (!chain.attached) return 0n;
      const { chain: c } = chain.require();
      const address = c.keys.depositAccount(userId).address;
      const unit = txOf(tx);
      await ledger.lockForSpending(unit, userId, address);
      const [funds, gasPrice] = await Promise.all([
        ledger.spendable(unit, c, userId, address),
        c.publicClient.getGasPrice(),
      ]);
      return funds.bnb >= gasPrice * TOKEN_TRANSFER_GAS ? funds.usdt : 0n;
    },
    async charge(tx, { userId, amount, campaignId, day }) {
      const { chain: c } = chain.require();
      const entry = await ledger.chargeToHotWallet(txOf(tx), c, {
        userId,
        amount,
        // A space never appears in a client key, so this cannot collide with one.
        key: `${CAMPAIGN_CHARGE_KEY_PREFIX}${campaignId} ${day}`,
      });
      return entry.id;
    },
    async dispatch(transactionId) {
      await chain.require().sender.dispatch(transactionId);
    },
  };
}

import { encodeFunctionData, erc20Abi, type Address } from 'viem';
import { MeeetMarketAbi } from '@meeet/contracts/artifacts/MeeetMarket';
import type { DbExecutor } from '../../db/client.ts';
import type { Chain } from '../chain/chain.client.ts';
import { TOKEN_TRANSFER_GAS } from './tx-sender.ts';
import { walletRepository as repo } from './wallet.repository.ts';
import type { ChainTransactionRow } from './wallet.schema.ts';

/** The 4-byte selector of `buy(uint8)`, telling a purchase from a leaveQueue call. */
export const BUY_SELECTOR = encodeFunctionData({
  abi: MeeetMarketAbi,
  functionName: 'buy',
  args: [0],
}).slice(0, 10);

/** USDT a row takes from the user's address when it is mined. */
function usdtLeaving(row: ChainTransactionRow): bigint {
  if (row.type === 'OUTPUT') return BigInt(row.amount);
  if (row.type === 'BUY_NFT' && row.callData?.startsWith(BUY_SELECTOR)) return BigInt(row.amount);
  return 0n;
}

export interface SpendableFunds {
  /** USDT at the address now (latest block), as shown. */
  usdtBalance: bigint;
  /** BNB at the address now (latest block), as shown. */
  bnbBalance: bigint;
  /** USDT a new withdrawal or purchase may take: never negative. */
  usdt: bigint;
  /** BNB left for the gas of a new transaction after the gas the open ones may burn. */
  bnb: bigint;
  /** USDT the open rows still hold back (withdrawals and purchases in flight). */
  reserved: bigint;
  /** Market allowance the open purchases will use up. */
  allowanceUse: bigint;
  /** Outgoing rows not yet settled. */
  open: number;
}

const atLeastZero = (value: bigint) => (value > 0n ? value : 0n);

/**
 * The one answer to "how much may this user spend now", used by the wallet view, withdrawals
 * and purchases alike. USDT counts only when it is both in the latest balance and final (a
 * deposit that a reorg could still undo is not spendable), less every open withdrawal and
 * purchase that the balance in question does not yet reflect; BNB is the latest balance less
 * the gas of open rows not yet mined. Run on the caller's transaction after locking the
 * wallet row, so two requests cannot both spend the same amount.
 */
export async function spendableFunds(
  chain: Chain,
  db: DbExecutor,
  userId: number,
  address: Address,
): Promise<SpendableFunds> {
  const final = await chain.finalBlock();
  const [usdtLatest, usdtFinal, bnbBalance, rows, gasPrice] = await Promise.all([
    chain.publicClient.readContract({
      address: chain.contracts.usdt,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address],
    }),
    chain.publicClient.readContract({
      address: chain.contracts.usdt,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address],
      blockNumber: final,
    }),
    chain.publicClient.getBalance({ address }),
    repo.openOutgoingOf(db, userId),
    chain.publicClient.getGasPrice(),
  ]);
  let unmined = 0n;
  let minedAfterFinal = 0n;
  let allowanceUse = 0n;
  let gas = 0n;
  const receipts = await Promise.all(
    rows.map((row) =>
      row.hash
        ? chain.publicClient
            .getTransactionReceipt({ hash: row.hash as `0x${string}` })
            .catch(() => null)
        : null,
    ),
  );
  rows.forEach((row, index) => {
    const leaving = usdtLeaving(row);
    const receipt = receipts[index];
    if (receipt) {
      if (receipt.blockNumber > final) minedAfterFinal += leaving;
      return;
    }
    unmined += leaving;
    if (row.type === 'BUY_NFT') allowanceUse += leaving;
    // A row not yet signed has no gas figures: count a token transfer at today's price.
    gas += BigInt(row.gasLimit ?? TOKEN_TRANSFER_GAS) * BigInt(row.gasPrice ?? gasPrice);
  });
  const fromLatest = usdtLatest - unmined;
  const fromFinal = usdtFinal - unmined - minedAfterFinal;
  return {
    usdtBalance: usdtLatest,
    bnbBalance,
    usdt: atLeastZero(fromLatest < fromFinal ? fromLatest : fromFinal),
    bnb: atLeastZero(bnbBalance - gas),
    reserved: unmined,
    allowanceUse,
    open: rows.length,
  };
}

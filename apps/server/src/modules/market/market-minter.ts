import { parseEventLogs, type Address, type TransactionReceipt } from 'viem';
import { MeeetMarketAbi } from '@meeet/contracts/artifacts/MeeetMarket';
import { MeeetTokenAbi } from '@meeet/contracts/artifacts/MeeetToken';
import type { MintStockResponse } from '@meeet/core/api/market';
import type { NftType } from '@meeet/core/enums';
import type { Database } from '../../db/client.ts';
import { txOf } from '../../plugins/db.ts';
import type { Chain } from '../chain/chain.client.ts';
import { reserveNonce } from '../wallet/tx-sender.ts';
import { marketContract } from './market-chain.ts';
import { marketRepository as repo } from './market.repository.ts';

/**
 * The minter: the hot wallet (MINTER_ROLE) sends every mint, one at a time across processes
 * (an advisory lock on the database), and waits for its block. Access is the caller's to check:
 * the admin call checks the role, the command line and the meeting service are the server's own.
 */

/** Sends a call with the hot wallet, one minter at a time across processes; its receipt. */
async function sendAsMinter(
  db: Database,
  chain: Chain,
  call: Parameters<ReturnType<Chain['walletClient']>['writeContract']>[0],
): Promise<TransactionReceipt> {
  return db.transaction(async (tx) => {
    await repo.lockMinter(tx);
    // The hot wallet also pays referral rewards through the wallet's sender: one nonce source
    // for both (held until this transaction ends, after the broadcast).
    const nonce = await reserveNonce(txOf(tx), chain, chain.keys.hot.address);
    const wallet = chain.walletClient(chain.keys.hot);
    const hash = await wallet.writeContract({ ...call, nonce });
    const receipt = await chain.publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`mint ${hash} reverted`);
    return receipt;
  });
}

/**
 * Mints `count` genesis tokens of `level` into the market (the admin call and
 * `npm run market:mint`). Queued buyers are served by the contract in the same transaction;
 * the market watcher records their credit.
 */
export async function mintStock(
  db: Database,
  chain: Chain,
  level: NftType,
  count: number,
): Promise<MintStockResponse> {
  const market = chain.contracts.market;
  if (!market) throw new Error('no market contract on this chain');
  const receipt = await sendAsMinter(db, chain, {
    address: market,
    abi: MeeetMarketAbi,
    functionName: 'mintStock',
    args: [level, BigInt(count)],
  });
  const minted = parseEventLogs({
    abi: MeeetTokenAbi,
    logs: receipt.logs,
    eventName: 'TokenMinted',
  });
  const served = parseEventLogs({
    abi: MeeetMarketAbi,
    logs: receipt.logs,
    eventName: 'QueueServed',
  });
  const read = (functionName: 'stockOf' | 'queueLength') =>
    chain.publicClient.readContract({
      address: market,
      abi: MeeetMarketAbi,
      functionName,
      args: [level],
    });
  const [stock, queueLength] = await Promise.all([read('stockOf'), read('queueLength')]);
  return {
    level,
    tokenIds: minted.map((log) => log.args.tokenId.toString()),
    hash: receipt.transactionHash,
    served: served.length,
    stock: Number(stock),
    queueLength: Number(queueLength),
  };
}

/**
 * The meeting service's path: mints the "generated" token of `level` that two holders earned
 * by meeting (they are its generators, paid on each of its sales) into the market's stock, and
 * waits for the block. Returns the new token's id. Refuses with SERVICE_UNAVAILABLE where the
 * market is not deployed.
 */
export async function mintGenerated(
  db: Database,
  chain: Chain,
  level: NftType,
  generatorA: Address,
  generatorB: Address,
): Promise<bigint> {
  const market = marketContract(chain);
  const receipt = await sendAsMinter(db, chain, {
    address: market,
    abi: MeeetMarketAbi,
    functionName: 'mintGenerated',
    args: [level, generatorA, generatorB],
  });
  const [minted] = parseEventLogs({
    abi: MeeetTokenAbi,
    logs: receipt.logs,
    eventName: 'TokenMinted',
  });
  if (!minted) throw new Error(`mint ${receipt.transactionHash} minted no token`);
  return minted.args.tokenId;
}

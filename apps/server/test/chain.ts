import { erc20Abi, type Address } from 'viem';
import { generateMnemonic, english } from 'viem/accounts';
import { startAnvil, type AnvilInstance } from '@meeet/contracts/anvil';
import { tokenBaseUri } from '@meeet/contracts/deploy';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import type { Chain } from '../src/modules/chain/chain.client.ts';
import { prepareLocalChain } from '../src/modules/chain/local-chain.ts';
import { localChainStore } from '../src/modules/wallet/local-chain-store.ts';
import type { TestApp } from './helpers.ts';

/**
 * The contracts deployed on a test anvil through the server's own start-up path, a deposit final
 * once mined (confirmations 1); `rpcUrl` reaches the node through a proxy when given.
 */
export function deployOnAnvil(
  anvil: Pick<AnvilInstance, 'rpcUrl' | 'chainId' | 'mnemonic'>,
  options: {
    db: Database;
    log: FastifyBaseLogger;
    mnemonic?: string;
    rpcUrl?: string;
    baseTokenURI?: string;
    /** Blocks a deposit waits for (1: final once mined). */
    confirmations?: number;
  },
): Promise<Chain> {
  return prepareLocalChain({
    rpcUrl: options.rpcUrl ?? anvil.rpcUrl,
    chainId: anvil.chainId,
    nodeMnemonic: anvil.mnemonic,
    mnemonic: options.mnemonic ?? generateMnemonic(english),
    confirmations: options.confirmations ?? 1,
    ...(options.baseTokenURI ? { baseTokenURI: options.baseTokenURI } : {}),
    store: localChainStore(options.db),
    log: options.log,
  });
}

export interface TestChain {
  anvil: AnvilInstance;
  chain: Chain;
  stop(): Promise<void>;
}

/**
 * A real anvil (instant mining, one block per transaction) with the real contracts deployed
 * through the server's own start-up path, attached to `t.app`. A deposit is final once mined
 * (CHAIN_CONFIRMATIONS 1). Start one per test file.
 */
export async function attachTestChain(
  t: TestApp,
  /** Blocks a deposit waits for (1: final once mined). */
  { confirmations = 1 }: { confirmations?: number } = {},
): Promise<TestChain> {
  const anvil = await startAnvil({ port: 0 });
  try {
    const chain = await deployOnAnvil(anvil, {
      confirmations,
      db: t.db,
      log: t.app.log,
      baseTokenURI: tokenBaseUri(t.config.publicUrl),
    });
    t.app.chain.attach(chain);
    return { anvil, chain, stop: () => anvil.stop() };
  } catch (error) {
    await anvil.stop();
    throw error;
  }
}

export function usdtBalance(chain: Chain, address: Address): Promise<bigint> {
  return chain.publicClient.readContract({
    address: chain.contracts.usdt,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [address],
  });
}

/** Ledger rows still open (REQUESTED or PROCESSING). */
export async function openLedgerRows(db: Database): Promise<number> {
  const open = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from chain_transactions where status in ('REQUESTED', 'PROCESSING')`,
  );
  return open.rows[0]?.n ?? 0;
}

/**
 * Runs the hot wallet's sender, then each of `watchers` (the market's, the deposits'), until no
 * ledger row is open: with instant mining a pass or two. Fails after `passes`.
 */
export async function settleLedger(
  t: Pick<TestApp, 'app' | 'db'>,
  watchers: readonly { tick(): Promise<unknown> }[] = [],
  passes = 30,
): Promise<void> {
  const { sender } = t.app.chain.require();
  for (let i = 0; i < passes; i++) {
    await sender.track();
    for (const watcher of watchers) await watcher.tick();
    if ((await openLedgerRows(t.db)) === 0) return;
  }
  throw new Error('transactions did not settle');
}

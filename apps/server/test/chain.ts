import { sql } from 'drizzle-orm';
import { erc20Abi, type Address } from 'viem';
import { generateMnemonic, english } from 'viem/accounts';
import { startAnvil, type AnvilInstance } from '@meeet/contracts/anvil';
import { tokenBaseUri } from '@meeet/contracts/deploy';
import type { Chain } from '../src/modules/chain/chain.client.ts';
import { prepareLocalChain } from '../src/modules/chain/local-chain.ts';
import type { TestApp } from './helpers.ts';

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
    const chain = await prepareLocalChain({
      rpcUrl: anvil.rpcUrl,
      chainId: anvil.chainId,
      nodeMnemonic: anvil.mnemonic,
      mnemonic: generateMnemonic(english),
      confirmations,
      baseTokenURI: tokenBaseUri(t.config.publicUrl),
      db: t.db,
      log: t.app.log,
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

/** Runs the sender and `watchers` until no transaction is open (instant mining). */
export async function settleChain(
  t: TestApp,
  watchers: readonly { tick(): Promise<unknown> }[],
): Promise<void> {
  const { sender } = t.app.chain.require();
  for (let i = 0; i < 30; i++) {
    await sender.track();
    for (const watcher of watchers) await watcher.tick();
    const open = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from chain_transactions where status in ('REQUESTED', 'PROCESSING')`,
    );
    if ((open.rows[0]?.n ?? 0) === 0) return;
  }
  throw new Error('transactions did not settle');
}

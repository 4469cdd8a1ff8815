import { existsSync, readFileSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import type { Address } from 'viem';
import type { AppConfig, ChainConfig } from '../../config.ts';
import { Chain, type ChainOptions } from './chain.client.ts';
import { localChainFile, type ConnectedChain, type LocalChainStore } from './local-chain-store.ts';

export { localChainFile, type ConnectedChain, type LocalChainStore };

/** The chain CHAIN_RPC_URL names, with its configured contracts (no network call yet). */
export function remoteChain(c: ChainConfig): Chain {
  if (!c.rpcUrl || !c.chainId || !c.usdtAddress) {
    throw new Error('CHAIN_RPC_URL, CHAIN_ID and USDT_ADDRESS are required');
  }
  return new Chain({
    rpcUrl: c.rpcUrl,
    chainId: c.chainId,
    contracts: {
      usdt: c.usdtAddress,
      token: c.tokenAddress ?? null,
      market: c.marketAddress ?? null,
    },
    confirmations: c.confirmations,
    explorerUrl: c.explorerUrl ?? null,
    mnemonic: c.mnemonic,
    local: false,
  });
}

/**
 * The local chain of the RUNNING dev server, from the file it leaves in DATA_DIR (the
 * commands use it); null when no server has started one.
 */
export function runningLocalChain(
  config: AppConfig,
  extra: Pick<ChainOptions, 'devFunder'> = {},
): Chain | null {
  const file = localChainFile(config.dataDir);
  if (!existsSync(file)) return null;
  const local = JSON.parse(readFileSync(file, 'utf8')) as {
    rpcUrl: string;
    chainId: number;
    contracts: { usdt: Address; token: Address | null; market: Address | null };
  };
  return new Chain({
    rpcUrl: local.rpcUrl,
    chainId: local.chainId,
    contracts: local.contracts,
    confirmations: 1,
    explorerUrl: null,
    mnemonic: config.chain.mnemonic,
    local: true,
    ...extra,
  });
}

/**
 * The chain of this process. With CHAIN_RPC_URL: that node, checked to be the configured
 * chain. Without: a local anvil with the contracts deployed, imported only then, so the
 * development node and the deploy bytecode stay out of a production process.
 */
export async function connectChain(
  config: AppConfig,
  localStore: LocalChainStore,
  log: FastifyBaseLogger,
): Promise<ConnectedChain> {
  const c = config.chain;
  if (!c.rpcUrl) {
    const { startLocalChain } = await import('./local-chain.ts');
    return startLocalChain(config, localStore, log);
  }
  const chain = remoteChain(c);
  const actual = await chain.publicClient.getChainId();
  if (actual !== c.chainId) {
    throw new Error(`CHAIN_RPC_URL serves chain ${actual}, but CHAIN_ID is ${c.chainId}`);
  }
  await requireContracts(chain, c);
  log.info({ chainId: actual, network: chain.networkName }, 'chain connected');
  return { chain, stop: async () => {} };
}

/**
 * Refuses a node without code at a configured contract address: a chain that lost its state
 * (an anvil restarted without its state volume) or a wrong address. The database's cursors and
 * ledger describe a chain; running them against another would lose deposits and purchases.
 */
async function requireContracts(chain: Chain, c: ChainConfig): Promise<void> {
  const configured: [string, Address | undefined][] = [
    ['USDT_ADDRESS', c.usdtAddress],
    ['TOKEN_ADDRESS', c.tokenAddress],
    ['MARKET_ADDRESS', c.marketAddress],
  ];
  const missing: string[] = [];
  for (const [name, address] of configured) {
    if (!address) continue;
    const code = await chain.publicClient.getCode({ address });
    if (!code || code === '0x') missing.push(`${name} ${address}`);
  }
  if (missing.length > 0) {
    throw new Error(
      `no contract at ${missing.join(', ')} on chain ${c.chainId} (CHAIN_RPC_URL): the node ` +
        'lost its state or the addresses are wrong. Restore the node (compose: the chain-state ' +
        'volume) or fix the addresses; the server does not start against another chain.',
    );
  }
}

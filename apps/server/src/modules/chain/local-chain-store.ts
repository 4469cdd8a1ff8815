import { join } from 'node:path';
import type { Chain } from './chain.client.ts';

/** Where the running server leaves the local node's URL for `npm run dev:fund`. */
export function localChainFile(dataDir: string): string {
  return join(dataDir, 'local-chain.json');
}

export interface ConnectedChain {
  chain: Chain;
  /** Stops the local node, if one was started. */
  stop(): Promise<void>;
}

/** The contracts deployed on a local chain. */
export interface LocalContracts {
  usdt: string;
  token: string;
  market: string;
}

/**
 * What the local development chain keeps in the database: its deployed contracts, by chain id,
 * and the deposit watcher's cursor, which a fresh or rewound node must move. The wallet module
 * owns those tables and implements this (`localChainStore`), so the chain module never reaches
 * into the wallet (docs/decisions.md, "Import cycles broken at their shared piece").
 */
export interface LocalChainStore {
  deployment(chainId: number): Promise<LocalContracts | undefined>;
  /** Remembers a fresh deployment and restarts the deposit cursor, in one transaction. */
  saveFreshDeployment(chainId: number, contracts: LocalContracts): Promise<void>;
  depositCursor(): Promise<bigint | null>;
  setDepositCursor(block: bigint): Promise<void>;
}

import {
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  type Account,
  type Address,
  type Chain as ViemChain,
  type PublicClient,
  type Transport,
  type WalletClient,
} from 'viem';
import { bsc, bscTestnet } from 'viem/chains';
import { HdWallet } from './hd-wallet.ts';

/** Providers cap the calls per batch; a small cap keeps every request within theirs. */
const RPC_BATCH_SIZE = 50;

export interface ChainContracts {
  usdt: Address;
  token: Address | null;
  market: Address | null;
}

export interface ChainOptions {
  rpcUrl: string;
  chainId: number;
  contracts: ChainContracts;
  /** 0: the `finalized` block tag; N: the block N−1 below the latest is final. */
  confirmations: number;
  explorerUrl: string | null;
  mnemonic: string;
  /** The local development chain: dev funding allowed, funded by `devFunder`. */
  local: boolean;
  devFunder?: Account;
}

export type NetworkName = 'bsc' | 'bsc-testnet' | 'local' | 'custom';

function viemChain(chainId: number, rpcUrl: string): ViemChain {
  if (chainId === bsc.id) return bsc;
  if (chainId === bscTestnet.id) return bscTestnet;
  return defineChain({
    id: chainId,
    name: `chain ${chainId}`,
    nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
}

/**
 * Everything that talks to the chain: viem clients, the contract addresses, the HD wallet
 * and the rule of which block is final. One instance per process.
 */
export class Chain {
  readonly publicClient: PublicClient<Transport, ViemChain>;
  readonly viemChain: ViemChain;
  readonly keys: HdWallet;
  readonly chainId: number;
  readonly contracts: ChainContracts;
  readonly confirmations: number;
  readonly explorerUrl: string | null;
  readonly local: boolean;
  readonly devFunder: Account | undefined;
  private readonly transport: Transport;

  constructor(options: ChainOptions) {
    this.viemChain = viemChain(options.chainId, options.rpcUrl);
    // Calls made together (a page's reads in one Promise.all) travel as one JSON-RPC batch:
    // one round trip instead of one per read. JSON-RPC batches work on any node, unlike
    // multicall, which needs the Multicall3 contract (absent on a fresh anvil).
    this.transport = http(options.rpcUrl, {
      retryCount: 2,
      timeout: 10_000,
      batch: { batchSize: RPC_BATCH_SIZE },
    });
    this.publicClient = createPublicClient({
      chain: this.viemChain,
      transport: this.transport,
      // The watcher and tracker poll themselves; no client-side caching of block numbers.
      cacheTime: 0,
    });
    this.keys = new HdWallet(options.mnemonic);
    this.chainId = options.chainId;
    this.contracts = options.contracts;
    this.confirmations = options.confirmations;
    this.explorerUrl = options.explorerUrl;
    this.local = options.local;
    this.devFunder = options.devFunder;
  }

  get networkName(): NetworkName {
    if (this.local) return 'local';
    if (this.chainId === bsc.id) return 'bsc';
    if (this.chainId === bscTestnet.id) return 'bsc-testnet';
    return 'custom';
  }

  walletClient(account: Account): WalletClient<Transport, ViemChain, Account> {
    return createWalletClient({ account, chain: this.viemChain, transport: this.transport });
  }

  /** The newest block whose transactions count: nothing above it is read as settled. */
  async finalBlock(): Promise<bigint> {
    if (this.confirmations === 0) {
      const block = await this.publicClient.getBlock({ blockTag: 'finalized' });
      return block.number;
    }
    const latest = await this.publicClient.getBlockNumber({ cacheTime: 0 });
    const final = latest - BigInt(this.confirmations - 1);
    return final < 0n ? 0n : final;
  }

  explorerTxUrl(hash: string | null): string | null {
    return hash && this.explorerUrl ? `${this.explorerUrl}/tx/${hash}` : null;
  }
}

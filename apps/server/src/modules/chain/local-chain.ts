import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import {
  createPublicClient,
  createWalletClient,
  getAddress,
  http,
  parseEther,
  type Address,
  type PublicClient,
} from 'viem';
import { createNonceManager, mnemonicToAccount } from 'viem/accounts';
import { jsonRpc } from 'viem/nonce';
import { startAnvil } from '@meeet/contracts/anvil';
import { MeeetTokenAbi } from '@meeet/contracts/artifacts/MeeetToken';
import { deployContracts, tokenBaseUri, type DeployWalletClient } from '@meeet/contracts/deploy';
import type { AppConfig } from '../../config.ts';
import { Chain } from './chain.client.ts';
import { localChainFile, type ConnectedChain, type LocalChainStore } from './local-chain-store.ts';

/** Seconds between blocks of the development node, so "final" keeps moving. */
const LOCAL_BLOCK_TIME = 1;
/** Blocks (including its own) a local deposit waits for when CHAIN_CONFIRMATIONS is unset. */
const LOCAL_CONFIRMATIONS = 2;
/** BNB the development node gives the platform's hot wallet on a fresh chain. */
const HOT_WALLET_BNB = parseEther('100');

/**
 * Development and tests only (loaded on demand, so a production bundle never loads it): a
 * local anvil on ANVIL_PORT; the contracts are deployed the first time and their addresses
 * kept in the database, and deployed again whenever the node is fresh (anvil keeps no state
 * between runs: balances of a previous run are gone).
 */
export async function startLocalChain(
  config: AppConfig,
  store: LocalChainStore,
  log: FastifyBaseLogger,
): Promise<ConnectedChain> {
  const c = config.chain;
  const anvil = await startAnvil({
    port: c.anvilPort,
    blockTime: LOCAL_BLOCK_TIME,
    ...(c.chainId ? { chainId: c.chainId } : {}),
  });
  const state = new LocalChainState(anvil.rpcUrl, join(config.dataDir, 'anvil-state.json'), log);
  try {
    await state.restore();
    const chain = await prepareLocalChain({
      rpcUrl: anvil.rpcUrl,
      chainId: anvil.chainId,
      nodeMnemonic: anvil.mnemonic,
      mnemonic: c.mnemonic,
      confirmations: c.confirmations === 0 ? LOCAL_CONFIRMATIONS : c.confirmations,
      baseTokenURI: tokenBaseUri(config.publicUrl),
      store,
      log,
    });
    await rewindCursor(chain, store, log);
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(
      localChainFile(config.dataDir),
      `${JSON.stringify({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId, contracts: chain.contracts }, null, 2)}\n`,
    );
    state.keepSaving();
    log.info({ rpcUrl: anvil.rpcUrl, contracts: chain.contracts }, 'local chain ready');
    return {
      chain,
      stop: async () => {
        await state.save();
        await anvil.stop();
      },
    };
  } catch (error) {
    await anvil.stop();
    throw error;
  }
}

/** How often the local chain's state is written to DATA_DIR besides at shutdown. */
const STATE_SAVE_MS = 30_000;

/**
 * Keeps the development chain across restarts: anvil's state (accounts, contracts, blocks) is
 * dumped to DATA_DIR every 30 s and at shutdown (`anvil_dumpState`) and loaded on the next
 * start (`anvil_loadState`). A state that cannot be loaded is set aside and the chain starts
 * fresh, which `prepareLocalChain` then notices and redeploys.
 */
class LocalChainState {
  private timer: NodeJS.Timeout | undefined;
  private readonly client;

  constructor(
    rpcUrl: string,
    private readonly file: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.client = createPublicClient({ transport: http(rpcUrl) });
  }

  async restore(): Promise<void> {
    if (!existsSync(this.file)) return;
    try {
      const dump = readFileSync(this.file, 'utf8').trim();
      await this.client.request({ method: 'anvil_loadState', params: [dump] } as never);
      // A dump holds the head's state only, not the history below it: mine past it so the
      // final block (read by balances) is one this node has the state of.
      await this.client.request({
        method: 'anvil_mine',
        params: [`0x${LOCAL_CONFIRMATIONS.toString(16)}`],
      } as never);
      this.log.info({ file: this.file }, 'local chain state restored');
    } catch (error) {
      renameSync(this.file, `${this.file}.broken`);
      this.log.warn(
        { err: error, file: this.file },
        'local chain state unreadable; starting fresh',
      );
    }
  }

  keepSaving(): void {
    this.timer = setInterval(() => {
      this.save().catch(() => {});
    }, STATE_SAVE_MS);
    this.timer.unref();
  }

  async save(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    try {
      const dump = await this.client.request({ method: 'anvil_dumpState' } as never);
      const temporary = `${this.file}.tmp`;
      writeFileSync(temporary, String(dump));
      renameSync(temporary, this.file);
    } catch (error) {
      this.log.warn({ err: error }, 'local chain state not saved');
    }
  }
}

/**
 * A restored state may be older than the deposit cursor (the process died between two saves):
 * the blocks after it are gone and will be mined anew, so the cursor goes back to the chain's
 * head rather than skip the new blocks of those numbers.
 */
async function rewindCursor(
  chain: Chain,
  store: LocalChainStore,
  log: FastifyBaseLogger,
): Promise<void> {
  const cursor = await store.depositCursor();
  const head = await chain.publicClient.getBlockNumber({ cacheTime: 0 });
  if (cursor !== null && cursor > head) {
    await store.setDepositCursor(head);
    log.warn({ cursor, head }, 'deposit cursor was ahead of the local chain; rewound');
  }
}

/**
 * A kept local chain follows PUBLIC_URL: its token's metadata base is set again when it
 * differs (the node's dev account is the token admin there).
 */
async function keepBaseUri(
  token: Address,
  base: string,
  clients: { publicClient: PublicClient; walletClient: DeployWalletClient },
): Promise<void> {
  const contract = { address: token, abi: MeeetTokenAbi } as const;
  const current = await clients.publicClient.readContract({ ...contract, functionName: 'baseURI' });
  if (current === base) return;
  const hash = await clients.walletClient.writeContract({
    ...contract,
    functionName: 'setBaseURI',
    args: [base],
  });
  await clients.publicClient.waitForTransactionReceipt({ hash });
}

/**
 * A Chain on a local node whose first accounts (`nodeMnemonic`) are funded: reuses the
 * contracts remembered for this chain id when the node still has their code, else deploys
 * them, funds the hot wallet and restarts the deposit cursor (a fresh chain starts at 0).
 */
export async function prepareLocalChain(options: {
  rpcUrl: string;
  chainId: number;
  nodeMnemonic: string;
  mnemonic: string;
  confirmations: number;
  /** The token's metadata base (PUBLIC_URL + /api/market/tokens/); none when absent. */
  baseTokenURI?: string;
  /** The wallet's `localChainStore(db)`: remembered contracts and the deposit cursor. */
  store: LocalChainStore;
  log: FastifyBaseLogger;
}): Promise<Chain> {
  const funder = mnemonicToAccount(options.nodeMnemonic, {
    // Its own nonce memory: a fresh node with the same chain id starts again at 0.
    nonceManager: createNonceManager({ source: jsonRpc() }),
  });
  const draft = new Chain({
    rpcUrl: options.rpcUrl,
    chainId: options.chainId,
    contracts: { usdt: '0x0000000000000000000000000000000000000000', token: null, market: null },
    confirmations: options.confirmations,
    explorerUrl: null,
    mnemonic: options.mnemonic,
    local: true,
    devFunder: funder,
  });
  const hot = draft.keys.hot;
  const remembered = await options.store.deployment(options.chainId);
  let contracts: { usdt: Address; token: Address; market: Address } | undefined;
  if (remembered) {
    const code = await draft.publicClient.getCode({ address: remembered.usdt as Address });
    if (code && code !== '0x') {
      contracts = {
        usdt: getAddress(remembered.usdt),
        token: getAddress(remembered.token),
        market: getAddress(remembered.market),
      };
    }
  }
  const transport = http(options.rpcUrl);
  const publicClient = createPublicClient({ chain: draft.viemChain, transport });
  const walletClient = createWalletClient({ account: funder, chain: draft.viemChain, transport });
  if (contracts && options.baseTokenURI) {
    await keepBaseUri(contracts.token, options.baseTokenURI, { publicClient, walletClient });
  }
  if (!contracts) {
    const deployed = await deployContracts({
      walletClient,
      publicClient,
      admin: funder.address,
      treasury: hot.address,
      minter: hot.address,
      ...(options.baseTokenURI ? { baseTokenURI: options.baseTokenURI } : {}),
    });
    contracts = {
      usdt: getAddress(deployed.usdt),
      token: getAddress(deployed.token),
      market: getAddress(deployed.market),
    };
    const gas = await walletClient.sendTransaction({ to: hot.address, value: HOT_WALLET_BNB });
    await publicClient.waitForTransactionReceipt({ hash: gas });
    await options.store.saveFreshDeployment(options.chainId, contracts);
    options.log.warn(
      { chainId: options.chainId, contracts },
      remembered
        ? 'local chain is fresh: contracts deployed again, earlier balances are gone'
        : 'contracts deployed on the local chain',
    );
  }
  return new Chain({
    rpcUrl: options.rpcUrl,
    chainId: options.chainId,
    contracts,
    confirmations: options.confirmations,
    explorerUrl: null,
    mnemonic: options.mnemonic,
    local: true,
    devFunder: funder,
  });
}

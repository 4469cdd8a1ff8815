import {
  getAddress,
  type Account,
  type Address,
  type Chain,
  type Hash,
  type PublicClient,
  type Transport,
  type WalletClient,
} from 'viem';
import { MeeetMarketAbi, MeeetMarketBytecode } from './artifacts/MeeetMarket.ts';
import { MeeetTokenAbi, MeeetTokenBytecode } from './artifacts/MeeetToken.ts';
import { TestUSDTAbi, TestUSDTBytecode } from './artifacts/TestUSDT.ts';

export type DeployWalletClient = WalletClient<Transport, Chain, Account>;

export interface DeployContractsOptions {
  /** Pays for and sends every deployment; holds no role afterwards unless it is `admin`. */
  walletClient: DeployWalletClient;
  publicClient: PublicClient;
  /** DEFAULT_ADMIN_ROLE on both contracts and TREASURER_ROLE on the market. */
  admin: Address;
  /** Receives the treasury share of every sale. */
  treasury: Address;
  /** MINTER_ROLE on the market: the platform key that mints stock and meeting tokens. */
  minter: Address;
  /** An existing USDT (BSC's BEP-20); when absent a TestUSDT is deployed (local chains only). */
  usdt?: Address;
  /**
   * The token's metadata base: `tokenURI(id)` = this + id, e.g.
   * `https://meeet.example/api/market/tokens/` (see `tokenBaseUri`). Left empty when absent;
   * the admin can set it later with `setBaseURI`.
   */
  baseTokenURI?: string;
}

export interface DeployedContracts {
  usdt: Address;
  token: Address;
  market: Address;
}

// keccak256 of the role names, as the contracts define them.
export const MINTER_ROLE = '0x9f2df0fed2c77648de5860a4cc508cd0818c85b8b8a1ab4ceeef8d981c8956a6';
export const TREASURER_ROLE = '0x3496e2e73c4d42b75d702e60d9e48102720b8691234415963a5a857b86425d07';
export const DEFAULT_ADMIN_ROLE =
  '0x0000000000000000000000000000000000000000000000000000000000000000';

async function confirmed(publicClient: PublicClient, hash: Hash): Promise<Address | null> {
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`);
  return receipt.contractAddress ?? null;
}

async function deployed(publicClient: PublicClient, hash: Hash, name: string): Promise<Address> {
  const address = await confirmed(publicClient, hash);
  if (!address) throw new Error(`${name}: deployment ${hash} created no contract`);
  return getAddress(address);
}

/**
 * The token metadata base for a public URL: `{publicUrl}/api/market/tokens/`, so `tokenURI(7)`
 * is the platform's `GET /api/market/tokens/7` (core `tokenPaths.metadata`).
 */
export function tokenBaseUri(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/api/market/tokens/`;
}

/**
 * Deploys (TestUSDT,) MeeetToken and MeeetMarket and wires them: the market becomes the token's
 * stock holder and its only minter. The deployer is the token's admin only while wiring and
 * hands the role to `admin` at the end, so nothing is left with a hot deployment key.
 */
export async function deployContracts(options: DeployContractsOptions): Promise<DeployedContracts> {
  const { walletClient, publicClient, admin, treasury, minter } = options;
  const deployer = walletClient.account.address;

  // Transactions that do not depend on each other are sent back to back and awaited together,
  // so on a chain with block times (BSC 3 s, a dev anvil 1 s) deploying takes three blocks,
  // not seven. The node orders them by nonce.
  const usdtHash = options.usdt
    ? null
    : await walletClient.deployContract({ abi: TestUSDTAbi, bytecode: TestUSDTBytecode });
  const tokenHash = await walletClient.deployContract({
    abi: MeeetTokenAbi,
    bytecode: MeeetTokenBytecode,
    args: [deployer],
  });
  const usdt = options.usdt ?? (await deployed(publicClient, usdtHash as Hash, 'TestUSDT'));
  const token = await deployed(publicClient, tokenHash, 'MeeetToken');

  const market = await deployed(
    publicClient,
    await walletClient.deployContract({
      abi: MeeetMarketAbi,
      bytecode: MeeetMarketBytecode,
      args: [admin, minter, treasury, token, usdt],
    }),
    'MeeetMarket',
  );

  const tokenContract = { address: token, abi: MeeetTokenAbi } as const;
  const wiring: Hash[] = [
    await walletClient.writeContract({
      ...tokenContract,
      functionName: 'setMarket',
      args: [market],
    }),
    await walletClient.writeContract({
      ...tokenContract,
      functionName: 'grantRole',
      args: [MINTER_ROLE, market],
    }),
  ];
  if (options.baseTokenURI) {
    // While the deployer still holds the admin role, before it is handed over below.
    wiring.push(
      await walletClient.writeContract({
        ...tokenContract,
        functionName: 'setBaseURI',
        args: [options.baseTokenURI],
      }),
    );
  }
  if (admin.toLowerCase() !== deployer.toLowerCase()) {
    wiring.push(
      await walletClient.writeContract({
        ...tokenContract,
        functionName: 'grantRole',
        args: [DEFAULT_ADMIN_ROLE, admin],
      }),
    );
    // Renounced last, in nonce order after the grant, so the token is never without an admin.
    wiring.push(
      await walletClient.writeContract({
        ...tokenContract,
        functionName: 'renounceRole',
        args: [DEFAULT_ADMIN_ROLE, deployer],
      }),
    );
  }
  await Promise.all(wiring.map((hash) => confirmed(publicClient, hash)));
  return { usdt: getAddress(usdt), token, market };
}

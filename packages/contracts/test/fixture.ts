import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  getAddress,
  getContract,
  http,
  parseEventLogs,
  type Address,
  type Hash,
  type Hex,
  type TransactionReceipt,
} from 'viem';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { startAnvil, type AnvilInstance } from '../src/anvil.ts';
import { contractRevert } from '../src/contract-errors.ts';
import { deployContracts } from '../src/deploy.ts';
import { MeeetMarketAbi } from '../src/artifacts/MeeetMarket.ts';
import { MeeetTokenAbi } from '../src/artifacts/MeeetToken.ts';
import { TestUSDTAbi } from '../src/artifacts/TestUSDT.ts';
import { ReentrantBuyerAbi } from './artifacts/ReentrantBuyer.ts';

export const SILVER = 0;
export const GOLD = 1;
export const PLATINUM = 2;
export const UNIT = 10n ** 18n;
export const PRICES = [100n * UNIT, 1_000n * UNIT, 10_000n * UNIT] as const;
export const ZERO: Address = '0x0000000000000000000000000000000000000000';

const ALL_ABIS = [...MeeetMarketAbi, ...MeeetTokenAbi, ...TestUSDTAbi];

/**
 * One anvil and one deployment per test file; tests isolate themselves with snapshot/revert
 * (see `reset`), which is far cheaper than redeploying.
 */
export async function createFixture() {
  const anvil: AnvilInstance = await startAnvil();
  const transport = http(anvil.rpcUrl);
  const publicClient = createPublicClient({ chain: foundry, transport });
  const testClient = createTestClient({ chain: foundry, mode: 'anvil', transport });
  const accounts = (await createWalletClient({ chain: foundry, transport }).getAddresses()).map(
    (address) => getAddress(address),
  );
  const [deployer, admin, treasury, minter, ...users] = accounts as [
    Address,
    Address,
    Address,
    Address,
    ...Address[],
  ];
  // anvil's accounts are unlocked: transactions go out as eth_sendTransaction, no local signing.
  const walletClient = createWalletClient({ chain: foundry, transport, account: deployer });
  const addresses = await deployContracts({ walletClient, publicClient, admin, treasury, minter });
  const client = { public: publicClient, wallet: walletClient };
  const market = getContract({ address: addresses.market, abi: MeeetMarketAbi, client });
  const token = getContract({ address: addresses.token, abi: MeeetTokenAbi, client });
  const usdt = getContract({ address: addresses.usdt, abi: TestUSDTAbi, client });

  const mined = async (hash: Promise<Hash>): Promise<TransactionReceipt> => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash: await hash });
    if (receipt.status !== 'success') throw new Error(`reverted: ${receipt.transactionHash}`);
    return receipt;
  };

  const user = (index: number): Address => {
    const address = users[index];
    if (!address) throw new Error(`no anvil account for user ${index}`);
    return address;
  };

  // Every user gets plenty of USDT and an unlimited allowance once, before the base snapshot.
  for (const address of users.slice(0, 5)) {
    await mined(usdt.write.mint([address, 100_000n * UNIT]));
    await mined(usdt.write.approve([addresses.market, 2n ** 256n - 1n], { account: address }));
  }

  let snapshot: Hex = await testClient.snapshot();
  const reset = async (): Promise<void> => {
    await testClient.revert({ id: snapshot });
    // anvil drops a snapshot once reverted to, so take a fresh one for the next test.
    snapshot = await testClient.snapshot();
  };

  const balance = (address: Address): Promise<bigint> => usdt.read.balanceOf([address]);

  return {
    anvil,
    publicClient,
    walletClient,
    testClient,
    addresses,
    market,
    token,
    usdt,
    deployer,
    admin,
    treasury,
    minter,
    user,
    mined,
    reset,
    balance,
    mintStock: (level: number, count: number) =>
      mined(market.write.mintStock([level, BigInt(count)], { account: minter })),
    mintGenerated: (level: number, a: Address, b: Address) =>
      mined(market.write.mintGenerated([level, a, b], { account: minter })),
    buy: (level: number, account: Address) => mined(market.write.buy([level], { account })),
    stop: () => anvil.stop(),
  };
}

export type Fixture = Awaited<ReturnType<typeof createFixture>>;

/**
 * One chain for the calling test file: deployed before its first test, back to the deployed
 * state before each test, stopped after the last. The returned object is filled in beforeAll.
 */
export function useFixture(): Fixture {
  const fixture = {} as Fixture;
  beforeAll(async () => {
    Object.assign(fixture, await createFixture());
  });
  afterAll(() => fixture.stop());
  beforeEach(() => fixture.reset());
  return fixture;
}

export function events(receipt: TransactionReceipt) {
  return parseEventLogs({ abi: ALL_ABIS, logs: receipt.logs });
}

export async function expectRevert(
  call: Promise<unknown>,
  errorName: string,
  args?: readonly unknown[],
): Promise<void> {
  const error = await call.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error, `expected a revert with ${errorName}`).toBeDefined();
  const revert = contractRevert(error, ReentrantBuyerAbi);
  expect(revert?.errorName).toBe(errorName);
  if (args) expect(revert?.args).toEqual(args);
}

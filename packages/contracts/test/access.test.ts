import { getAddress, getContract, keccak256, toHex } from 'viem';
import { describe, expect, it } from 'vitest';
import { MeeetTokenAbi } from '../src/artifacts/MeeetToken.ts';
import { DEFAULT_ADMIN_ROLE, deployContracts, MINTER_ROLE, TREASURER_ROLE } from '../src/deploy.ts';
import { ReentrantBuyerAbi, ReentrantBuyerBytecode } from './artifacts/ReentrantBuyer.ts';
import { useFixture, events, expectRevert, GOLD, PRICES, SILVER, UNIT, ZERO } from './fixture.ts';

const f = useFixture();

describe('roles after deployment', () => {
  it('matches the role hashes and hands the token admin from the deployer to the admin', async () => {
    expect(MINTER_ROLE).toBe(keccak256(toHex('MINTER_ROLE')));
    expect(TREASURER_ROLE).toBe(keccak256(toHex('TREASURER_ROLE')));
    expect(await f.token.read.hasRole([MINTER_ROLE, f.addresses.market])).toBe(true);
    expect(await f.token.read.hasRole([DEFAULT_ADMIN_ROLE, f.admin])).toBe(true);
    expect(await f.token.read.hasRole([DEFAULT_ADMIN_ROLE, f.deployer])).toBe(false);
    expect(await f.market.read.hasRole([MINTER_ROLE, f.minter])).toBe(true);
    expect(await f.market.read.hasRole([TREASURER_ROLE, f.admin])).toBe(true);
    expect(await f.token.read.market()).toBe(f.addresses.market);
    expect(await f.market.read.treasury()).toBe(f.treasury);
  });
});

describe('deployContracts', () => {
  it('reuses a given USDT and leaves the deployer admin when it is the admin', async () => {
    const again = await deployContracts({
      walletClient: f.walletClient,
      publicClient: f.publicClient,
      admin: f.deployer,
      treasury: f.treasury,
      minter: f.minter,
      usdt: f.addresses.usdt,
    });
    expect(again.usdt).toBe(f.addresses.usdt);
    expect(again.market).not.toBe(f.addresses.market);
    const token = getContract({ address: again.token, abi: MeeetTokenAbi, client: f.publicClient });
    expect(await token.read.hasRole([DEFAULT_ADMIN_ROLE, f.deployer])).toBe(true);
    expect(await token.read.market()).toBe(again.market);
  });
});

describe('access control', () => {
  it('lets only minters mint', async () => {
    const stranger = f.user(0);
    await expectRevert(
      f.market.simulate.mintStock([SILVER, 1n], { account: stranger }),
      'AccessControlUnauthorizedAccount',
      [stranger, MINTER_ROLE],
    );
    await expectRevert(
      f.market.simulate.mintGenerated([SILVER, f.user(1), f.user(2)], { account: stranger }),
      'AccessControlUnauthorizedAccount',
      [stranger, MINTER_ROLE],
    );
    // Even the platform minter goes through the market; only the market mints on the token.
    await expectRevert(
      f.token.simulate.mint([f.minter, SILVER, ZERO, ZERO], { account: f.minter }),
      'AccessControlUnauthorizedAccount',
      [f.minter, MINTER_ROLE],
    );
  });

  it('lets only the admin pause; pause blocks buying but not leaving the queue', async () => {
    await expectRevert(
      f.market.simulate.pause({ account: f.user(0) }),
      'AccessControlUnauthorizedAccount',
      [f.user(0), DEFAULT_ADMIN_ROLE],
    );
    await f.buy(SILVER, f.user(0));
    await f.mined(f.market.write.pause({ account: f.admin }));
    await expectRevert(f.market.simulate.buy([SILVER], { account: f.user(1) }), 'EnforcedPause');
    await f.mined(f.market.write.leaveQueue([SILVER], { account: f.user(0) }));
    await expectRevert(
      f.market.simulate.unpause({ account: f.minter }),
      'AccessControlUnauthorizedAccount',
      [f.minter, DEFAULT_ADMIN_ROLE],
    );
    await f.mined(f.market.write.unpause({ account: f.admin }));
    await f.buy(SILVER, f.user(1));
  });

  it('lets only the treasurer change the treasury, which then receives sales', async () => {
    const newTreasury = f.user(4);
    await expectRevert(
      f.market.simulate.setTreasury([newTreasury], { account: f.user(0) }),
      'AccessControlUnauthorizedAccount',
      [f.user(0), TREASURER_ROLE],
    );
    await expectRevert(f.market.simulate.setTreasury([ZERO], { account: f.admin }), 'ZeroAddress');
    const receipt = await f.mined(f.market.write.setTreasury([newTreasury], { account: f.admin }));
    expect(events(receipt).find((log) => log.eventName === 'TreasuryChanged')?.args).toEqual({
      previousTreasury: f.treasury,
      newTreasury,
    });
    await f.mintStock(SILVER, 1);
    const before = await f.balance(newTreasury);
    await f.buy(SILVER, f.user(0));
    expect((await f.balance(newTreasury)) - before).toBe(PRICES[SILVER]);
  });

  it('lets only the admin move the token market', async () => {
    await expectRevert(
      f.token.simulate.setMarket([f.user(0)], { account: f.deployer }),
      'AccessControlUnauthorizedAccount',
      [f.deployer, DEFAULT_ADMIN_ROLE],
    );
  });
});

describe('input checks', () => {
  it('rejects bad levels, counts, generators and foreign tokens', async () => {
    await expectRevert(f.market.simulate.buy([3], { account: f.user(0) }), 'InvalidLevel', [3]);
    await expectRevert(
      f.market.simulate.mintStock([SILVER, 0n], { account: f.minter }),
      'InvalidCount',
      [0n],
    );
    await expectRevert(
      f.market.simulate.mintGenerated([SILVER, f.user(0), ZERO], { account: f.minter }),
      'ZeroAddress',
    );
    await expectRevert(f.token.read.levelOf([99n]), 'ERC721NonexistentToken', [99n]);
    await expectRevert(
      f.market.simulate.onERC721Received([f.user(0), f.user(0), 1n, '0x'], { account: f.user(0) }),
      'UnsupportedToken',
      [f.user(0)],
    );
  });

  it('refuses to buy without allowance or funds', async () => {
    await f.mintStock(SILVER, 1);
    // Only the first five users are funded and approved by the fixture.
    const poor = f.user(5);
    await expectRevert(
      f.market.simulate.buy([SILVER], { account: poor }),
      'ERC20InsufficientAllowance',
      [f.addresses.market, 0n, PRICES[SILVER]],
    );
    await f.mined(f.usdt.write.approve([f.addresses.market, PRICES[SILVER]], { account: poor }));
    await expectRevert(
      f.market.simulate.buy([SILVER], { account: poor }),
      'ERC20InsufficientBalance',
      [poor, 0n, PRICES[SILVER]],
    );
  });
});

describe('reentrancy', () => {
  const Attack = { None: 0, Buy: 1, LeaveQueue: 2 } as const;

  async function deployAttacker() {
    const hash = await f.walletClient.deployContract({
      abi: ReentrantBuyerAbi,
      bytecode: ReentrantBuyerBytecode,
      args: [f.addresses.market, f.addresses.usdt],
    });
    const receipt = await f.publicClient.waitForTransactionReceipt({ hash });
    if (!receipt.contractAddress) throw new Error('attacker not deployed');
    const address = getAddress(receipt.contractAddress);
    await f.mined(f.usdt.write.mint([address, 100_000n * UNIT]));
    return getContract({
      address,
      abi: ReentrantBuyerAbi,
      client: { public: f.publicClient, wallet: f.walletClient },
    });
  }

  it('refuses buy re-entered from the receiver hook', async () => {
    const attacker = await deployAttacker();
    await f.mintStock(SILVER, 1);
    await f.mintStock(GOLD, 1);
    await f.mined(attacker.write.setAttack([Attack.Buy, GOLD]));
    await expectRevert(attacker.simulate.buy([SILVER]), 'ReentrancyGuardReentrantCall');
    expect(await f.market.read.stockOf([SILVER])).toBe(1n);
  });

  it('refuses leaveQueue re-entered from the receiver hook', async () => {
    const attacker = await deployAttacker();
    await f.mined(attacker.write.buy([GOLD]));
    expect(await f.market.read.queuePositionOf([GOLD, attacker.address])).toBe(1n);
    await f.mintStock(SILVER, 1);
    await f.mined(attacker.write.setAttack([Attack.LeaveQueue, GOLD]));
    await expectRevert(attacker.simulate.buy([SILVER]), 'ReentrancyGuardReentrantCall');
    expect(await f.market.read.prepaidOf([GOLD, attacker.address])).toBe(PRICES[GOLD]);
  });

  it('serves a queued contract without calling it back, so it cannot block the queue', async () => {
    const attacker = await deployAttacker();
    await f.mined(attacker.write.setAttack([Attack.Buy, SILVER]));
    await f.mined(attacker.write.buy([SILVER]));
    await f.mintStock(SILVER, 1);
    expect(await f.token.read.ownerOf([1n])).toBe(attacker.address);
    expect(await f.market.read.queueLength([SILVER])).toBe(0n);
  });
});

import { describe, expect, it } from 'vitest';
import {
  useFixture,
  events,
  expectRevert,
  GOLD,
  PLATINUM,
  PRICES,
  SILVER,
  UNIT,
  ZERO,
} from './fixture.ts';

const f = useFixture();

describe('prices', () => {
  it('sells Silver, Gold and Platinum at 100, 1000 and 10000 USDT (18 decimals)', async () => {
    expect(await f.market.read.priceOf([SILVER])).toBe(100n * UNIT);
    expect(await f.market.read.priceOf([GOLD])).toBe(1_000n * UNIT);
    expect(await f.market.read.priceOf([PLATINUM])).toBe(10_000n * UNIT);
    await expectRevert(f.market.read.priceOf([3]), 'InvalidLevel', [3]);
  });
});

describe('stock', () => {
  it('mints genesis stock into the market with events', async () => {
    const receipt = await f.mintStock(GOLD, 2);
    const logs = events(receipt);
    const minted = logs.filter((log) => log.eventName === 'TokenMinted').map((log) => log.args);
    expect(minted).toEqual([
      {
        tokenId: 1n,
        to: f.addresses.market,
        level: GOLD,
        generatorA: ZERO,
        generatorB: ZERO,
      },
      {
        tokenId: 2n,
        to: f.addresses.market,
        level: GOLD,
        generatorA: ZERO,
        generatorB: ZERO,
      },
    ]);
    const added = logs.filter((log) => log.eventName === 'StockAdded').map((log) => log.args);
    expect(added).toEqual([
      { level: GOLD, tokenId: 1n },
      { level: GOLD, tokenId: 2n },
    ]);
    expect(await f.market.read.stockOf([GOLD])).toBe(2n);
    expect(await f.market.read.stockOf([SILVER])).toBe(0n);
    expect(await f.market.read.stockTokens([GOLD])).toEqual([1n, 2n]);
    expect(await f.token.read.levelOf([1n])).toBe(GOLD);
    expect(await f.token.read.balanceOf([f.addresses.market])).toBe(2n);
  });

  it('sells stock first in, first out and takes the price', async () => {
    await f.mintStock(SILVER, 3);
    const before = await f.balance(f.user(0));
    const receipt = await f.buy(SILVER, f.user(0));
    await f.buy(SILVER, f.user(1));
    await f.buy(SILVER, f.user(2));
    expect(await f.token.read.ownerOf([1n])).toBe(f.user(0));
    expect(await f.token.read.ownerOf([2n])).toBe(f.user(1));
    expect(await f.token.read.ownerOf([3n])).toBe(f.user(2));
    expect(before - (await f.balance(f.user(0)))).toBe(PRICES[SILVER]);
    expect(await f.market.read.stockOf([SILVER])).toBe(0n);
    const purchased = events(receipt).find((log) => log.eventName === 'Purchased');
    expect(purchased?.args).toEqual({
      level: SILVER,
      buyer: f.user(0),
      tokenId: 1n,
      price: PRICES[SILVER],
    });
  });

  it('pays all of a genesis sale to the treasury', async () => {
    await f.mintStock(PLATINUM, 1);
    const receipt = await f.buy(PLATINUM, f.user(0));
    expect(await f.balance(f.treasury)).toBe(PRICES[PLATINUM]);
    expect(await f.balance(f.addresses.market)).toBe(0n);
    expect(events(receipt).some((log) => log.eventName === 'GeneratorsPaid')).toBe(false);
  });

  it.each([
    [SILVER, 20n * UNIT, 60n * UNIT],
    [GOLD, 200n * UNIT, 600n * UNIT],
    [PLATINUM, 2_000n * UNIT, 6_000n * UNIT],
  ])(
    'splits a generated sale of level %i: 40% to the two generators, the rest to the treasury',
    async (level, each, rest) => {
      const [generatorA, generatorB, buyer] = [f.user(3), f.user(4), f.user(0)];
      const minted = await f.mintGenerated(level, generatorA, generatorB);
      expect(events(minted).find((log) => log.eventName === 'TokenMinted')?.args).toEqual({
        tokenId: 1n,
        to: f.addresses.market,
        level,
        generatorA,
        generatorB,
      });
      const [a0, b0, buyer0] = await Promise.all([
        f.balance(generatorA),
        f.balance(generatorB),
        f.balance(buyer),
      ]);
      const receipt = await f.buy(level, buyer);
      expect((await f.balance(generatorA)) - a0).toBe(each);
      expect((await f.balance(generatorB)) - b0).toBe(each);
      expect(await f.balance(f.treasury)).toBe(rest);
      expect(buyer0 - (await f.balance(buyer))).toBe(PRICES[level as 0 | 1 | 2]);
      expect(await f.balance(f.addresses.market)).toBe(0n);
      const paid = events(receipt).find((log) => log.eventName === 'GeneratorsPaid');
      expect(paid?.args).toEqual({ tokenId: 1n, generatorA, generatorB, amountEach: each });
      expect(await f.token.read.generatorsOf([1n])).toEqual([generatorA, generatorB]);
    },
  );
});

describe('queue', () => {
  it('queues buyers in order with full prepayment held by the market', async () => {
    for (let i = 0; i < 3; i++) {
      const receipt = await f.buy(SILVER, f.user(i));
      const queued = events(receipt).find((log) => log.eventName === 'Queued');
      expect(queued?.args).toEqual({ level: SILVER, buyer: f.user(i), position: BigInt(i + 1) });
    }
    expect(await f.market.read.queueLength([SILVER])).toBe(3n);
    expect(await f.market.read.queuedBuyers([SILVER])).toEqual([f.user(0), f.user(1), f.user(2)]);
    expect(await f.market.read.queuePositionOf([SILVER, f.user(2)])).toBe(3n);
    expect(await f.market.read.queuePositionOf([SILVER, f.user(3)])).toBe(0n);
    expect(await f.market.read.prepaidOf([SILVER, f.user(1)])).toBe(PRICES[SILVER]);
    expect(await f.balance(f.addresses.market)).toBe(3n * PRICES[SILVER]);
    await expectRevert(f.market.simulate.buy([SILVER], { account: f.user(1) }), 'AlreadyQueued', [
      f.user(1),
      SILVER,
    ]);
  });

  it('credits minted tokens to the queue head automatically, paying from the prepayment', async () => {
    const [generatorA, generatorB] = [f.user(3), f.user(4)];
    for (let i = 0; i < 3; i++) await f.buy(GOLD, f.user(i));

    const genesis = await f.mintStock(GOLD, 1);
    const served = events(genesis).find((log) => log.eventName === 'QueueServed');
    expect(served?.args).toEqual({
      level: GOLD,
      buyer: f.user(0),
      tokenId: 1n,
      price: PRICES[GOLD],
    });
    expect(await f.token.read.ownerOf([1n])).toBe(f.user(0));
    expect(await f.balance(f.treasury)).toBe(PRICES[GOLD]);
    expect(await f.market.read.queuePositionOf([GOLD, f.user(1)])).toBe(1n);
    expect(await f.market.read.stockOf([GOLD])).toBe(0n);

    const a0 = await f.balance(generatorA);
    const generated = await f.mintGenerated(GOLD, generatorA, generatorB);
    expect(await f.token.read.ownerOf([2n])).toBe(f.user(1));
    expect((await f.balance(generatorA)) - a0).toBe(200n * UNIT);
    expect(await f.balance(f.treasury)).toBe(PRICES[GOLD] + 600n * UNIT);
    const paid = events(generated).find((log) => log.eventName === 'GeneratorsPaid');
    expect(paid?.args).toEqual({ tokenId: 2n, generatorA, generatorB, amountEach: 200n * UNIT });
    // Only the last buyer's prepayment is still held.
    expect(await f.balance(f.addresses.market)).toBe(PRICES[GOLD]);
    expect(await f.market.read.queueLength([GOLD])).toBe(1n);
  });

  it('refunds the full prepayment on leaving and keeps the others in order', async () => {
    for (let i = 0; i < 3; i++) await f.buy(SILVER, f.user(i));
    const before = await f.balance(f.user(1));
    const receipt = await f.mined(f.market.write.leaveQueue([SILVER], { account: f.user(1) }));
    expect((await f.balance(f.user(1))) - before).toBe(PRICES[SILVER]);
    const left = events(receipt).find((log) => log.eventName === 'QueueLeft');
    expect(left?.args).toEqual({ level: SILVER, buyer: f.user(1), refund: PRICES[SILVER] });
    expect(await f.market.read.queuedBuyers([SILVER])).toEqual([f.user(0), f.user(2)]);
    expect(await f.market.read.queuePositionOf([SILVER, f.user(2)])).toBe(2n);

    await f.mintStock(SILVER, 2);
    expect(await f.token.read.ownerOf([1n])).toBe(f.user(0));
    expect(await f.token.read.ownerOf([2n])).toBe(f.user(2));
    expect(await f.balance(f.addresses.market)).toBe(0n);
    await expectRevert(
      f.market.simulate.leaveQueue([SILVER], { account: f.user(1) }),
      'NotQueued',
      [f.user(1), SILVER],
    );
  });

  it('lets the tail and the head leave and the queue still works', async () => {
    for (let i = 0; i < 3; i++) await f.buy(SILVER, f.user(i));
    await f.mined(f.market.write.leaveQueue([SILVER], { account: f.user(2) }));
    await f.mined(f.market.write.leaveQueue([SILVER], { account: f.user(0) }));
    await f.buy(SILVER, f.user(3));
    expect(await f.market.read.queuedBuyers([SILVER])).toEqual([f.user(1), f.user(3)]);
    await f.mintStock(SILVER, 3);
    expect(await f.token.read.ownerOf([1n])).toBe(f.user(1));
    expect(await f.token.read.ownerOf([2n])).toBe(f.user(3));
    expect(await f.market.read.stockTokens([SILVER])).toEqual([3n]);
  });

  it('refunds and skips a queued buyer who got the level elsewhere', async () => {
    await f.mintStock(SILVER, 1);
    await f.buy(SILVER, f.user(2));
    await f.buy(SILVER, f.user(1));
    await f.mined(
      f.token.write.safeTransferFrom([f.user(2), f.user(1), 1n], { account: f.user(2) }),
    );
    await f.buy(SILVER, f.user(3));
    const before = await f.balance(f.user(1));
    const receipt = await f.mintStock(SILVER, 1);
    const refunded = events(receipt).find((log) => log.eventName === 'QueueRefunded');
    expect(refunded?.args).toEqual({ level: SILVER, buyer: f.user(1), refund: PRICES[SILVER] });
    expect((await f.balance(f.user(1))) - before).toBe(PRICES[SILVER]);
    expect(await f.token.read.ownerOf([2n])).toBe(f.user(3));
  });
});

describe('holding rules', () => {
  it('refuses a buyer who already holds the level, from stock and into the queue', async () => {
    await f.mintStock(SILVER, 2);
    await f.buy(SILVER, f.user(0));
    await expectRevert(
      f.market.simulate.buy([SILVER], { account: f.user(0) }),
      'AlreadyHoldsLevel',
      [f.user(0), SILVER],
    );
    await f.buy(SILVER, f.user(1));
    await expectRevert(
      f.market.simulate.buy([SILVER], { account: f.user(0) }),
      'AlreadyHoldsLevel',
      [f.user(0), SILVER],
    );
  });

  it('lets one holder keep one token of each of the three levels', async () => {
    await f.mintStock(SILVER, 1);
    await f.mintStock(GOLD, 1);
    await f.mintStock(PLATINUM, 1);
    for (const level of [SILVER, GOLD, PLATINUM]) await f.buy(level, f.user(0));
    expect(await f.market.read.tokensOf([f.user(0)])).toEqual([1n, 2n, 3n]);
    expect(await f.token.read.balanceOf([f.user(0)])).toBe(3n);
  });

  it('refuses a transfer between users to a holder of that level', async () => {
    await f.mintStock(GOLD, 2);
    await f.buy(GOLD, f.user(0));
    await f.buy(GOLD, f.user(1));
    await expectRevert(
      f.token.simulate.transferFrom([f.user(0), f.user(1), 1n], { account: f.user(0) }),
      'AlreadyHoldsLevel',
      [f.user(1), GOLD],
    );
    await f.mined(f.token.write.transferFrom([f.user(0), f.user(2), 1n], { account: f.user(0) }));
    expect(await f.token.read.tokenOfLevel([f.user(2), GOLD])).toBe(1n);
    expect(await f.token.read.tokenOfLevel([f.user(0), GOLD])).toBe(0n);
  });

  it('serves the queue with a returned token, or stocks it behind older stock', async () => {
    await f.mintStock(SILVER, 1);
    await f.buy(SILVER, f.user(0));
    await f.buy(SILVER, f.user(1));
    const back = await f.mined(
      f.token.write.safeTransferFrom([f.user(0), f.addresses.market, 1n], { account: f.user(0) }),
    );
    expect(events(back).find((log) => log.eventName === 'QueueServed')?.args).toEqual({
      level: SILVER,
      buyer: f.user(1),
      tokenId: 1n,
      price: PRICES[SILVER],
    });
    expect(await f.token.read.ownerOf([1n])).toBe(f.user(1));

    await f.mintStock(SILVER, 1);
    await f.mined(
      f.token.write.safeTransferFrom([f.user(1), f.addresses.market, 1n], { account: f.user(1) }),
    );
    expect(await f.market.read.stockTokens([SILVER])).toEqual([2n, 1n]);
  });

  it('refuses a plain transfer into the market, which would bypass its bookkeeping', async () => {
    await f.mintStock(SILVER, 1);
    await f.buy(SILVER, f.user(0));
    await expectRevert(
      f.token.simulate.transferFrom([f.user(0), f.addresses.market, 1n], { account: f.user(0) }),
      'MarketNeedsSafeTransfer',
      [1n],
    );
  });
});

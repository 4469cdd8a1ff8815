/**
 * Marketplace on a local chain, in one process: a throwaway embedded PostgreSQL, a fresh anvil
 * (instant mining) with the real contracts, and the real app. N funded users buy a Silver at
 * once through `POST /api/crypto/nft/buy` (approve + buy each, through the wallet's sender);
 * then N more buy with the stock empty (they queue) and one mint serves them all.
 * Prints gas per purchase and purchases per second (request to final on-chain state).
 *
 *   npm run bench:market -w @meeet/server            (BENCH_BUYERS=50)
 */
import { randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import { sql } from 'drizzle-orm';
import { parseEther, parseUnits, type Hex } from 'viem';
import { startAnvil } from '@meeet/contracts/anvil';
import { buildApp } from '../src/app.ts';
import { deployOnAnvil } from '../test/chain.ts';
import { MarketWatcher } from '../src/modules/market/market-watcher.ts';
import { mintStock } from '../src/modules/market/market.service.ts';
import { fundAddress } from '../src/modules/wallet/wallet.service.ts';
import { startBenchDatabase } from './bench-database.ts';

const BUYERS = Number(process.env.BENCH_BUYERS ?? 50);

function stats(values: bigint[]): string {
  if (values.length === 0) return '-';
  const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const sum = sorted.reduce((a, b) => a + b, 0n);
  return `${sum / BigInt(sorted.length)} (min ${sorted[0]}, max ${sorted[sorted.length - 1]})`;
}

async function main(): Promise<void> {
  const bench = await startBenchDatabase();
  const { pool } = bench;
  const anvil = await startAnvil({ port: 0 });
  try {
    const config = bench.config({
      AUTH_RATE_LIMIT_PER_IP: '1000000000',
    });
    const app = await buildApp(config, { pool });
    const chain = await deployOnAnvil(anvil, { db: app.db, log: app.log });
    app.chain.attach(chain);
    const { sender } = app.chain.require();
    const watcher = new MarketWatcher(app.db, chain, app.log);
    await watcher.tick();

    const users = async (count: number) => {
      const list: { id: number; token: string }[] = [];
      for (let i = 0; i < count; i++) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/user/register',
          headers: { 'x-fp': 'bench-device' },
          payload: {
            email: `bench.${randomUUID()}@example.com`,
            password: 'Bench-Mark-Secret-42',
            acceptTerms: true,
          },
        });
        const body = response.json() as { token: string; user: { id: number } };
        await fundAddress(chain, chain.keys.depositAccount(body.user.id).address, {
          usdt: parseUnits('100', 18),
          bnb: parseEther('0.1'),
        });
        list.push({ id: body.user.id, token: body.token });
      }
      return list;
    };
    const open = async () => {
      const result = await app.db.execute<{ n: number }>(
        sql`select count(*)::int as n from chain_transactions where status in ('REQUESTED', 'PROCESSING')`,
      );
      return result.rows[0]?.n ?? 0;
    };
    const buyAll = async (list: { token: string }[]) => {
      const started = performance.now();
      const responses = await Promise.all(
        list.map((u) =>
          app.inject({
            method: 'POST',
            url: '/api/crypto/nft/buy',
            headers: {
              authorization: `Bearer ${u.token}`,
              'x-fp': 'bench-device',
              'idempotency-key': randomUUID(),
            },
            payload: { level: 0 },
          }),
        ),
      );
      const accepted = performance.now();
      const refused = responses.filter((r) => r.statusCode !== 202);
      if (refused.length > 0) throw new Error(`refused: ${refused[0]?.body}`);
      while ((await open()) > 0) {
        await sender.track();
        await watcher.tick();
      }
      return { accepted: accepted - started, final: performance.now() - started };
    };
    const gasOf = async (type: string, ids: number[]) => {
      const rows = await app.db.execute<{ hash: string }>(
        sql`select hash from chain_transactions where type = ${type} and user_id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      return Promise.all(
        rows.rows.map(
          async (r) =>
            (await chain.publicClient.getTransactionReceipt({ hash: r.hash as Hex })).gasUsed,
        ),
      );
    };

    console.log(`preparing ${BUYERS} funded buyers and ${BUYERS} Silver in stock …`);
    const stockBuyers = await users(BUYERS);
    await mintStock(app.db, chain, 0, BUYERS);
    const fromStock = await buyAll(stockBuyers);
    const queueBuyers = await users(BUYERS);
    const intoQueue = await buyAll(queueBuyers);
    const mintStarted = performance.now();
    await mintStock(app.db, chain, 0, BUYERS);
    await watcher.tick();
    const served = performance.now() - mintStarted;

    const approve = await gasOf(
      'APPROVE',
      stockBuyers.map((u) => u.id),
    );
    const buyStock = await gasOf(
      'BUY_NFT',
      stockBuyers.map((u) => u.id),
    );
    const buyQueue = await gasOf(
      'BUY_NFT',
      queueBuyers.map((u) => u.id),
    );
    const gasPrice = await chain.publicClient.getGasPrice();
    console.log(
      `\n${BUYERS} buyers at once, ${cpus().length} CPU(s), Node ${process.version}, anvil instant mining\n`,
    );
    console.log('| measure | value |');
    console.log('|---|---:|');
    console.log(`| gas: APPROVE (price to market) | ${stats(approve)} |`);
    console.log(`| gas: BUY_NFT from stock | ${stats(buyStock)} |`);
    console.log(`| gas: BUY_NFT into the queue | ${stats(buyQueue)} |`);
    const mean = (values: bigint[]) =>
      values.length === 0 ? 0n : values.reduce((a, b) => a + b, 0n) / BigInt(values.length);
    const perPurchase = mean(approve) + mean(buyStock);
    console.log(`| gas per purchase, mean (approve + buy from stock) | ${perPurchase} |`);
    console.log(`| BNB per purchase at 0.1 gwei | ${Number(perPurchase) / 1e10} |`);
    console.log(`| local gas price (wei) | ${gasPrice} |`);
    const rate = (ms: number) => ((BUYERS * 1000) / ms).toFixed(1);
    console.log(
      `| from stock: all ${BUYERS} requests answered (ms) | ${fromStock.accepted.toFixed(0)} |`,
    );
    console.log(`| from stock: purchases/s to final state | ${rate(fromStock.final)} |`);
    console.log(`| into queue: purchases/s to final state | ${rate(intoQueue.final)} |`);
    console.log(`| one mint of ${BUYERS} serving the whole queue (ms) | ${served.toFixed(0)} |`);
    await app.close();
  } finally {
    await anvil.stop();
    await bench.stop();
  }
}

await main();

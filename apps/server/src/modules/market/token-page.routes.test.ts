import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseEther, parseUnits, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerUser } from '../../../test/accounts.ts';
import { attachTestChain, settleLedger, type TestChain } from '../../../test/chain.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { setUserRole } from '../users/user-role.ts';
import { DepositWatcher } from '../wallet/deposit-watcher.ts';
import { fundAddress } from '../wallet/wallet.service.ts';
import { MarketWatcher } from './market-watcher.ts';

const INDEX =
  '<!doctype html><html lang="en"><head><title>MEEET</title></head><body><div id="root"></div></body></html>';

// Issue 46: guests browse the market and a token's own page; nothing private reaches them.
describe('the open market and a token page, as a guest', () => {
  let t: TestApp;
  let c: TestChain;
  let webDist: string;
  let watcher: MarketWatcher;
  let deposits: DepositWatcher;

  const api = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: { ...(token ? bearer(token) : {}), 'idempotency-key': randomUUID() },
      ...(payload ? { payload } : {}),
    });
  const page = (url: string) =>
    t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  const settle = () => settleLedger(t, [watcher, deposits]);

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'meeet-token-page-'));
    writeFileSync(join(webDist, 'index.html'), INDEX);
    t = await createTestApp({
      WEB_DIST_DIR: webDist,
      PUBLIC_URL: 'https://meeet.example',
      AUTH_RATE_LIMIT_PER_IP: '100000',
    });
    c = await attachTestChain(t);
    watcher = new MarketWatcher(t.db, c.chain, t.app.log, (row) => t.app.chain.notify(row));
    await watcher.tick();
    deposits = new DepositWatcher(t.db, c.chain, t.app.log);
    await deposits.tick();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await c?.stop();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('shows a sold token to a guest with its sale, and tells nobody who the buyer is', async () => {
    const admin = await registerUser(t.app);
    await setUserRole(t.db, admin.user.email, 'admin');
    const minted = await api('POST', '/crypto/market/mint', admin.token, { level: 0, count: 2 });
    expect(minted.statusCode, minted.body).toBe(200);
    await settle();

    const buyer = await registerUser(t.app);
    const mine = (await api('GET', '/crypto/market', buyer.token)).json();
    const address = mine.account.address as Address;
    await fundAddress(c.chain, address, {
      usdt: parseUnits('100', 18),
      bnb: parseEther('1'),
    });
    const bought = await api('POST', '/crypto/nft/buy', buyer.token, { level: 0 });
    expect(bought.statusCode, bought.body).toBe(202);
    await settle();
    const token = (await api('GET', '/crypto/market', buyer.token)).json().levels[0].mine.token;

    // The market: prices, stock and queue, and nothing of any account.
    const market = await api('GET', '/crypto/market');
    expect(market.statusCode).toBe(200);
    expect(market.json()).toMatchObject({ account: null });
    const unsold = (minted.json().tokenIds as string[]).filter((id) => id !== token.id);
    expect(market.json().levels[0]).toMatchObject({
      level: 0,
      stock: 1,
      queueLength: 0,
      forSale: unsold,
    });
    expect(market.json().levels.every((level: { mine: unknown }) => level.mine === null)).toBe(
      true,
    );

    const nft = await api('GET', `/crypto/market/nft/${token.id}`);
    expect(nft.statusCode).toBe(200);
    const body = nft.json();
    expect(body).toMatchObject({
      id: token.id,
      type: 0,
      name: token.name,
      owner: { market: false, mine: false },
    });
    expect(body.history).toHaveLength(1);
    expect(body.history[0]).toMatchObject({ event: 'bought', hash: expect.stringMatching(/^0x/) });
    expect(Object.keys(body.history[0]).sort()).toEqual(['at', 'event', 'explorerUrl', 'hash']);
    expect(nft.body).not.toContain(buyer.user.email);
    expect(nft.body).not.toContain('email');

    // A token still in stock has no sales yet.
    const stock = (await api('GET', `/crypto/market/nft/${unsold[0]}`)).json();
    expect(stock).toMatchObject({ owner: { market: true }, history: [] });
  }, 60_000);

  it('serves a token page with the token in its head, and 404 for a token that is not there', async () => {
    const admin = await registerUser(t.app);
    await setUserRole(t.db, admin.user.email, 'admin');
    const minted = await api('POST', '/crypto/market/mint', admin.token, { level: 1, count: 1 });
    const [id] = minted.json().tokenIds as string[];
    await settle();

    const found = await page(`/market/token/${id}?lang=en`);
    expect(found.statusCode).toBe(200);
    expect(found.body).toContain(`<title>Gold #${id} — A MEEET token</title>`);
    expect(found.body).toContain(
      `<meta property="og:title" content="Gold #${id} — A MEEET token" />`,
    );
    expect(found.body).toContain(
      `<meta property="og:url" content="https://meeet.example/market/token/${id}?lang=en" />`,
    );
    const ru = await page(`/market/token/${id}?lang=ru`);
    expect(ru.body).toContain(`<title>Gold #${id} — Токен MEEET</title>`);

    for (const url of ['/market/token/999999', '/market/token/abc', '/market/token/0']) {
      const missing = await page(url);
      expect(missing.statusCode, url).toBe(404);
      expect(missing.body).toContain('noindex');
    }
    expect((await api('GET', '/crypto/market/nft/999999')).statusCode).toBe(404);
  }, 60_000);
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type AnvilInstance } from '@meeet/contracts/anvil';
import { marketPaths } from '@meeet/core/api/market-paths';
import { bearer, registerUser } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { deployOnAnvil } from '../../../test/chain.ts';

/**
 * A pass-through in front of anvil that counts HTTP round trips and JSON-RPC calls, so the
 * test sees what a paid RPC provider would bill and rate-limit.
 */
function countingProxy(target: string) {
  const counts = { requests: 0, calls: 0 };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      counts.requests++;
      const parsed = JSON.parse(body) as unknown;
      counts.calls += Array.isArray(parsed) ? parsed.length : 1;
      fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
        .then(async (answer) => {
          response.writeHead(answer.status, { 'content-type': 'application/json' });
          response.end(await answer.text());
        })
        .catch(() => {
          response.writeHead(502);
          response.end();
        });
    });
  });
  return {
    counts,
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        ),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the signed-in market view and the RPC node', () => {
  let t: TestApp;
  let anvil: AnvilInstance;
  let proxy: ReturnType<typeof countingProxy>;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '1000' });
    anvil = await startAnvil({ port: 0 });
    proxy = countingProxy(anvil.rpcUrl);
    const chain = await deployOnAnvil(anvil, {
      rpcUrl: await proxy.listen(),
      db: t.db,
      log: t.app.log,
    });
    t.app.chain.attach(chain);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await proxy.close();
    await anvil.stop();
  });

  it('reads everything in a few batched round trips', async () => {
    const { token } = await registerUser(t.app);
    proxy.counts.requests = 0;
    proxy.counts.calls = 0;
    const response = await t.app.inject({
      method: 'GET',
      url: `/api${marketPaths.market}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    // 17 reads (gas price, stock and queue per level, balances, allowance, tokens, prepaid
    // and queue place per level, the spendable-funds reads) in at most four HTTP requests: the
    // final block must be known before the balance at it is asked for.
    expect(proxy.counts.calls).toBeGreaterThanOrEqual(17);
    expect(proxy.counts.requests).toBeLessThanOrEqual(4);
  });
});

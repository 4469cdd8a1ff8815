import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import {
  expect,
  readyUser,
  registerUser,
  setRole,
  signIn,
  test,
  type AuthRecord,
} from './support/fixtures.ts';

// Funding, approve + buy mined and confirmed: chain work takes longer than a form.
const CHAIN_TIMEOUT = 120_000;

async function number(text: Promise<string>): Promise<number> {
  return Number((await text).trim());
}

/** Buys Silver through the API once the funds count (a refusal meanwhile says why). */
async function buySilver(request: APIRequestContext, buyer: AuthRecord): Promise<void> {
  await expect
    .poll(
      async () => {
        const response = await request.post('/api/crypto/nft/buy', {
          headers: { authorization: `Bearer ${buyer.token}`, 'idempotency-key': randomUUID() },
          data: { level: 0 },
        });
        return response.status();
      },
      { timeout: CHAIN_TIMEOUT, intervals: [1000] },
    )
    .toBeLessThan(300);
}

test('the monitor changes live when a user registers and when a purchase confirms', async ({
  page,
  request,
}) => {
  test.setTimeout(4 * 60_000);
  const admin = await registerUser(request);
  setRole(admin.user.email, 'admin');
  await signIn(page, admin);
  await page.goto('/control/monitor');
  const total = page.getByTestId('monitor-users-total');
  await expect(total).toBeVisible();
  // The genesis-mint form is still there.
  await expect(page.getByTestId('mint-submit')).toBeVisible();

  const before = await number(total.innerText());
  await registerUser(request);
  // No reload: the pushed snapshot replaces the figures.
  await expect(total).toHaveText(String(before + 1));
  await expect(page.getByTestId('monitor-users-today')).not.toHaveText('0');

  const soldBefore = await number(page.getByTestId('monitor-sold-0').innerText());
  const mint = await request.post('/api/crypto/market/mint', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { level: 0, count: 1 },
  });
  expect(mint.status(), await mint.text()).toBeLessThan(300);
  const buyer = await readyUser(request);
  const funded = await request.post('/api/crypto/dev/fund', {
    headers: { authorization: `Bearer ${buyer.token}` },
    data: {},
  });
  expect(funded.status(), await funded.text()).toBeLessThan(300);
  await buySilver(request, buyer);
  await expect(page.getByTestId('monitor-sold-0')).toHaveText(String(soldBefore + 1), {
    timeout: CHAIN_TIMEOUT,
  });
  await expect(page.getByTestId('monitor-revenue-0')).not.toHaveText('0 USDT');
});

test('the metrics endpoint is refused without rights', async ({ request }) => {
  expect((await request.get('/api/metrics')).status()).toBe(401);
  const user = await registerUser(request);
  const asUser = await request.get('/api/metrics', {
    headers: { authorization: `Bearer ${user.token}` },
  });
  expect(asUser.status()).toBe(403);
});

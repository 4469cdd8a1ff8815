import type { APIRequestContext, Page } from '@playwright/test';
import {
  expect,
  PASSWORD,
  registerUser,
  setRole,
  signIn,
  test,
  type AuthRecord,
  readyUser,
} from './support/fixtures.ts';

// Chain work (funding, approve + buy mined and confirmed, a mint serving the queue) takes
// longer than a form.
const CHAIN_TIMEOUT = 90_000;

/** The local chain's test funding: 1000 USDT and 1 BNB at the user's address. */
async function fund(request: APIRequestContext, auth: AuthRecord): Promise<void> {
  const response = await request.post('/api/crypto/dev/fund', {
    headers: { authorization: `Bearer ${auth.token}` },
    data: {},
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

/** Silver stock as the market reports it. */
async function silverStock(request: APIRequestContext): Promise<number> {
  const response = await request.get('/api/crypto/market');
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { levels: { level: number; stock: number }[] };
  return body.levels.find((level) => level.level === 0)?.stock ?? 0;
}

/** Genesis stock of Silver, minted by an admin (market-paths.ts `mint`). */
async function mintSilver(request: APIRequestContext, admin: AuthRecord, count: number) {
  const response = await request.post('/api/crypto/market/mint', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { level: 0, count },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

async function confirmPurchase(page: Page) {
  await page.getByTestId('market-buy').click();
  await expect(page.getByTestId('market-confirm-dialog')).toBeVisible();
  await page.getByTestId('market-confirm').click();
}

test('a guest who opens a level sees it, is asked to log in at Buy and comes back to it', async ({
  page,
  request,
}) => {
  const user = await readyUser(request);
  // The market is open (issue 46): the level is shown to the guest, Buy asks to log in.
  await page.goto('/market?nft=1');
  await expect(page.getByTestId('market-level-gold')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('market-price')).toHaveText('1,000 USDT');
  await page.getByTestId('market-buy').click();
  await expect(page).toHaveURL(/\/auth\/login\?next=%2Fmarket%3Fnft%3D1$/);
  await expect(page.getByTestId('login-buy-nft')).toHaveText('Please Log in for buy NFT');

  await page.getByTestId('login-email').fill(user.user.email);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();

  // The login returns the buyer to the market, Gold chosen, the query cleared.
  await expect(page).toHaveURL((url) => url.pathname === '/market' && url.search === '');
  await expect(page.getByTestId('market-level-gold')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('market-price')).toHaveText('1,000 USDT');
  // Gold needs KYC: the server's reason, translated, and no buying.
  await expect(page.getByTestId('market-reason').first()).toBeVisible();
  await expect(page.getByTestId('market-buy')).toBeDisabled();

  // Once served, the intent is gone: the account opens normally.
  await page.goto('/account');
  await expect(page.getByTestId('personal-data-page')).toBeVisible();
});

test.describe.serial('buying Silver', () => {
  let admin: AuthRecord;

  test.beforeAll(async ({ request }) => {
    admin = await registerUser(request);
    setRole(admin.user.email, 'admin');
  });

  test('a funded user buys Silver from stock and sees it in the wallet', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    if ((await silverStock(request)) === 0) await mintSilver(request, admin, 1);
    const user = await readyUser(request);
    await fund(request, user);
    await signIn(page, user);
    await page.goto('/market');

    await expect(page.getByTestId('market-level-silver')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('market-price')).toHaveText('100 USDT');
    await expect(page.getByTestId('market-stock')).not.toHaveText('0');
    await expect(page.getByTestId('market-queue')).toHaveText('0');
    await expect(page.getByTestId('market-buy')).toBeEnabled({ timeout: CHAIN_TIMEOUT });
    await expect(page.getByTestId('market-buy')).toHaveAttribute('data-queues', 'false');

    await confirmPurchase(page);
    await expect(page.getByTestId('market-outcome')).toHaveAttribute('data-outcome', 'confirmed', {
      timeout: CHAIN_TIMEOUT,
    });
    await expect(page.getByTestId('market-mine-token')).toContainText('Silver');
    // One per level: no second Silver.
    await expect(page.getByTestId('market-buy')).toBeDisabled();

    await page.goto('/account/market');
    await expect(page.locator('[data-testid="wallet-nft"][data-type="0"]')).toBeVisible({
      timeout: CHAIN_TIMEOUT,
    });
    await expect(page.getByTestId('market-account-token')).toContainText('Silver');
  });

  test('with Silver out of stock a user joins the queue and is credited when one is minted', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    expect(await silverStock(request)).toBe(0);
    const user = await readyUser(request);
    await fund(request, user);
    await signIn(page, user);
    await page.goto('/market');

    await expect(page.getByTestId('market-stock')).toHaveText('0');
    await expect(page.getByTestId('market-buy')).toBeEnabled({ timeout: CHAIN_TIMEOUT });
    await expect(page.getByTestId('market-buy')).toHaveAttribute('data-queues', 'true');
    await page.getByTestId('market-buy').click();
    await expect(page.getByTestId('market-confirm-dialog')).toContainText('join the queue');
    await page.getByTestId('market-confirm').click();

    await expect(page.getByTestId('market-outcome')).toHaveAttribute('data-outcome', 'queued', {
      timeout: CHAIN_TIMEOUT,
    });
    await expect(page.getByTestId('market-leave-queue')).toBeVisible({ timeout: CHAIN_TIMEOUT });
    await expect(page.getByTestId('market-queue')).toHaveText('1');

    await mintSilver(request, admin, 1);
    await expect(page.getByTestId('market-outcome')).toHaveAttribute('data-outcome', 'confirmed', {
      timeout: CHAIN_TIMEOUT,
    });
    await expect(page.getByTestId('market-leave-queue')).toHaveCount(0);

    await page.goto('/account/market');
    await expect(page.locator('[data-testid="wallet-nft"][data-type="0"]')).toBeVisible({
      timeout: CHAIN_TIMEOUT,
    });
  });

  test('an admin mints genesis stock from the control area', async ({ page, request }) => {
    test.setTimeout(CHAIN_TIMEOUT);
    const before = await silverStock(request);
    await signIn(page, admin);
    await page.goto('/control/monitor');
    await page.getByTestId('mint-count').fill('2');
    await page.getByTestId('mint-submit').click();
    await expect(page.getByTestId('mint-result')).toBeVisible({ timeout: CHAIN_TIMEOUT });
    await expect.poll(() => silverStock(request)).toBe(before + 2);
  });
});

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
  definition,
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

/** The level's buy button, named "Buy Gold" or, out of stock, "Join the queue for Gold". */
function buyButton(page: Page, level: string) {
  return page.getByRole('button', { name: new RegExp(`^(Buy|Join the queue for) ${level}$`) });
}

async function confirmPurchase(page: Page) {
  await page.getByRole('button', { name: 'Buy Silver', exact: true }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm purchase' }).click();
}

test('a guest who opens a level sees it, is asked to log in at Buy and comes back to it', async ({
  page,
  request,
}) => {
  const user = await readyUser(request);
  // The market is open (issue 46): the level is shown to the guest, Buy asks to log in.
  await page.goto('/market?nft=1');
  await expect(page.getByRole('button', { name: /^Gold/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(definition(page, 'Price')).toHaveText('1,000 USDT');
  await buyButton(page, 'Gold').click();
  await expect(page).toHaveURL(/\/auth\/login\?next=%2Fmarket%3Fnft%3D1$/);
  await expect(page.getByText('Please Log in for buy NFT')).toBeVisible();

  await page.getByLabel('E-mail').fill(user.user.email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();

  // The login returns the buyer to the market, Gold chosen, the query cleared.
  await expect(page).toHaveURL((url) => url.pathname === '/market' && url.search === '');
  await expect(page.getByRole('button', { name: /^Gold/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(definition(page, 'Price')).toHaveText('1,000 USDT');
  // Gold needs KYC: the server's reason, translated, and no buying.
  await expect(page.getByText(/Buying Gold needs a verified identity/)).toBeVisible();
  await expect(buyButton(page, 'Gold')).toBeDisabled();

  // Once served, the intent is gone: the account opens normally.
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Personal data', level: 1 })).toBeVisible({
    timeout: 20_000,
  });
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

    await expect(page.getByRole('button', { name: /^Silver/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(definition(page, 'Price')).toHaveText('100 USDT');
    await expect(definition(page, 'In stock')).not.toHaveText('0');
    await expect(definition(page, 'Waiting in the queue')).toHaveText('0');
    await expect(page.getByRole('button', { name: 'Buy Silver', exact: true })).toBeEnabled({
      timeout: CHAIN_TIMEOUT,
    });

    await confirmPurchase(page);
    await expect(page.getByText(/^NFT Silver.* is yours$/).first()).toBeVisible({
      timeout: CHAIN_TIMEOUT,
    });
    await expect(page.getByText(/^You have Silver/)).toContainText('Silver');
    // One per level: no second Silver.
    await expect(buyButton(page, 'Silver')).toBeDisabled();

    await page.goto('/account/market');
    const silver = page.getByRole('listitem').filter({ hasText: 'Silver' });
    await expect(
      silver.getByRole('link', { name: 'Token page: contract and explorer' }),
    ).toBeVisible({
      timeout: CHAIN_TIMEOUT,
    });
    await expect(page.getByRole('link', { name: /^Silver: / })).toContainText('Silver');
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

    await expect(definition(page, 'In stock')).toHaveText('0', { timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Join the queue for Silver' })).toBeEnabled({
      timeout: CHAIN_TIMEOUT,
    });
    await page.getByRole('button', { name: 'Join the queue for Silver' }).click();
    await expect(page.getByRole('dialog')).toContainText('join the queue');
    await page.getByRole('button', { name: 'Confirm purchase' }).click();

    // The outcome is said on the page and, at times, in a notification as well.
    await expect(
      page.getByText('You joined the queue for Silver;', { exact: false }).first(),
    ).toBeVisible({
      timeout: CHAIN_TIMEOUT,
    });
    await expect(page.getByRole('button', { name: 'Leave the queue' })).toBeVisible({
      timeout: CHAIN_TIMEOUT,
    });
    await expect(definition(page, 'Waiting in the queue')).toHaveText('1');

    await mintSilver(request, admin, 1);
    await expect(page.getByText(/^NFT Silver.* is yours$/).first()).toBeVisible({
      timeout: CHAIN_TIMEOUT,
    });
    await expect(page.getByRole('button', { name: 'Leave the queue' })).toHaveCount(0);

    await page.goto('/account/market');
    const silver = page.getByRole('listitem').filter({ hasText: 'Silver' });
    await expect(
      silver.getByRole('link', { name: 'Token page: contract and explorer' }),
    ).toBeVisible({
      timeout: CHAIN_TIMEOUT,
    });
  });

  test('an admin mints genesis stock from the control area', async ({ page, request }) => {
    test.setTimeout(CHAIN_TIMEOUT);
    const before = await silverStock(request);
    await signIn(page, admin);
    await page.goto('/control/monitor');
    await page.getByLabel('How many').fill('2');
    await page.getByRole('button', { name: 'Mint', exact: true }).click();
    await expect(page.getByText(/^Minted \d+:/)).toBeVisible({ timeout: CHAIN_TIMEOUT });
    await expect.poll(() => silverStock(request)).toBe(before + 2);
  });
});

import { expect, readyUser, signIn, test } from './support/fixtures.ts';

// Issue 17: what a first visit and a crawler see from the built product.

test('an unknown path answers 404 with the not-found page; a known one 200', async ({ page }) => {
  const missing = await page.goto('/no/such/page');
  expect(missing?.status()).toBe(404);
  await expect(page.getByTestId('not-found-page')).toBeVisible();

  const known = await page.goto('/help/faq');
  expect(known?.status()).toBe(200);
});

test('scripts and styles arrive compressed and cached for good; the page revalidates', async ({
  page,
}) => {
  const assets: { url: string; encoding?: string; cache?: string }[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/assets/')) {
      const headers = response.headers();
      assets.push({
        url: response.url(),
        encoding: headers['content-encoding'],
        cache: headers['cache-control'],
      });
    }
  });
  const response = await page.goto('/');
  expect(response?.headers()['cache-control']).toBe('no-cache');
  await expect(page.getByTestId('home-page')).toBeVisible();
  const scripts = assets.filter((asset) => /\.(js|css)$/.test(asset.url));
  expect(scripts.length).toBeGreaterThan(0);
  for (const asset of scripts) {
    expect(asset.encoding, asset.url).toBe('br');
    expect(asset.cache, asset.url).toBe('public, max-age=31536000, immutable');
  }
});

test('"Insufficient funds" offers the way out: a link to the deposit address', async ({
  page,
  request,
}) => {
  const user = await readyUser(request);
  await signIn(page, user);
  await page.goto('/market?nft=0');
  const reason = page.locator('[data-testid="market-reason"][data-reason="insufficient-usdt"]');
  await expect(reason).toBeVisible({ timeout: 15_000 });
  await reason.getByTestId('market-deposit-link').click();
  await expect(page).toHaveURL(/\/account\/market#wallet-deposit$/);
  await expect(page.getByTestId('deposit-address')).toBeInViewport({ timeout: 15_000 });
});

test('the account menu names the wallet and leads to it', async ({ page, request }) => {
  const user = await readyUser(request);
  await signIn(page, user);
  await page.goto('/account');
  await page.getByTestId('nav-account').click();
  await expect(page.getByTestId('nav-account-control')).toHaveCount(0);
  await page.getByTestId('nav-account-wallet').click();
  await expect(page).toHaveURL(/\/account\/market$/);
  await expect(page.getByTestId('wallet-page')).toBeVisible();
});

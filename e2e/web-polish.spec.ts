import { expect, readyUser, signIn, test } from './support/fixtures.ts';

// Issue 17: what a first visit and a crawler see from the built product.

test('an unknown path answers 404 with the not-found page; a known one 200', async ({ page }) => {
  const missing = await page.goto('/no/such/page');
  expect(missing?.status()).toBe(404);
  await expect(
    page.getByRole('heading', { name: 'This page wandered off', level: 1 }),
  ).toBeVisible();

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
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
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
  const reason = page.getByRole('alert').filter({ hasText: /^Insufficient funds: Silver costs/ });
  await expect(reason).toBeVisible({ timeout: 15_000 });
  await reason.getByRole('link', { name: 'Top up your wallet' }).click();
  await expect(page).toHaveURL(/\/account\/market#wallet-deposit$/);
  await expect(page.getByText(/^0x[0-9a-fA-F]{40}$/)).toBeInViewport({ timeout: 15_000 });
});

test('the account menu names the wallet and leads to it', async ({ page, request }) => {
  const user = await readyUser(request);
  await signIn(page, user);
  await page.goto('/account');
  await page.getByRole('button', { name: 'Account' }).click();
  await expect(page.getByRole('menuitem', { name: 'Control area' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Wallet' }).click();
  await expect(page).toHaveURL(/\/account\/market$/);
  await expect(page.getByRole('heading', { name: 'Wallet', level: 1 })).toBeVisible();
});

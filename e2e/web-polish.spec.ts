import type { Locator, Page } from '@playwright/test';
import { expect, readyUser, setRole, signIn, test } from './support/fixtures.ts';

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
  await page.getByRole('button', { name: 'Account', exact: true }).click();
  await expect(page.getByRole('menuitem', { name: 'Control area' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Wallet' }).click();
  await expect(page).toHaveURL(/\/account\/market$/);
  await expect(page.getByRole('heading', { name: 'Wallet', level: 1 })).toBeVisible();
});

// Issue 46, "Layout and polish": what a visitor sees at a phone's and a laptop's width.
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 800 };

/** The element's box; fails the test when it has none (hidden). */
async function box(locator: Locator) {
  await expect(locator).toBeVisible({ timeout: 15_000 });
  const found = await locator.boundingBox();
  expect(found, 'the element is shown').not.toBeNull();
  return found!;
}

/** Side margins: the element keeps clear of both edges of the screen. */
async function expectSideMargins(page: Page, locator: Locator) {
  const { x, width } = await box(locator);
  const screen = page.viewportSize()!.width;
  expect(x).toBeGreaterThanOrEqual(16);
  expect(x + width).toBeLessThanOrEqual(screen - 16);
}

test('the CPA pages have side margins on a phone', async ({ page, request }) => {
  const admin = await readyUser(request);
  setRole(admin.user.email, 'admin');
  await page.setViewportSize(PHONE);
  await signIn(page, admin);
  await page.goto('/account/cpa');
  await expectSideMargins(page, page.getByRole('heading', { name: 'Your affiliate links' }));
  await expectSideMargins(page, page.getByRole('button', { name: 'Create link' }));

  await page.goto('/control/cpa');
  await expectSideMargins(page, page.getByRole('heading', { name: 'CPA', level: 1 }));
  await expectSideMargins(
    page,
    page.getByRole('heading', { name: 'Payouts per action and level' }),
  );
});

test('"Log out" stays on one line on a phone', async ({ page, request }) => {
  const user = await readyUser(request);
  await page.setViewportSize(PHONE);
  await signIn(page, user);
  await page.goto('/account');
  const logout = page.getByRole('button', { name: 'Log out' });
  const { height } = await box(logout);
  // One line of a medium button (36.5 px); two lines would be over 50.
  expect(height).toBeLessThanOrEqual(40);
});

test.describe('a first visit on a phone', () => {
  test.use({ consentPrompts: true });

  test('one pop-up at a time: the install offer only after the cookie banner is answered', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await page.clock.install();
    await page.goto('/help/faq');
    const banner = page.getByRole('heading', { name: 'We use cookies' });
    const install = page.getByRole('dialog', { name: 'MEEET for iPhone' });
    await expect(banner).toBeVisible({ timeout: 10_000 });
    // Left unanswered, the banner stays the only prompt.
    await page.clock.runFor(15_000);
    await expect(banner).toBeVisible();
    await expect(install).toHaveCount(0);

    await page.getByRole('button', { name: 'Accept all Cookies' }).click();
    await expect(banner).toBeHidden();
    // The page's time stops here (a busy machine must not let it run on while the test looks):
    // a second later the page is still alone, not at once followed by the next prompt.
    await expect(async () => {
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 50);
    }).toPass();
    await page.clock.runFor(1_000);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(install).toHaveCount(0);
    await page.clock.runFor(5_000);
    // Showing a lazily loaded component takes React a few timer ticks: time flows again.
    await page.clock.resume();
    await expect(install).toBeVisible();
    await install.getByRole('button', { name: 'Not now' }).click();
    await expect(install).toBeHidden();
  });
});

test('with no App Store address the landing shows no badge leading nowhere', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download MEEET on the App Store' })).toHaveCount(0);
  await expect(page.locator('a[href="#"]')).toHaveCount(0);
  // The other way in stays.
  await expect(page.getByRole('link', { name: /marketplace/i }).first()).toBeVisible();
});

test('the CPA chart writes its days as the rest of the site, its figures uncut', async ({
  page,
  request,
}) => {
  const user = await readyUser(request);
  await signIn(page, user);
  await page.goto('/cpa');
  const chart = page.getByRole('region', { name: 'Per day' });
  const svg = chart.getByRole('img', { name: 'Hits and registrations per day' });
  await expect(svg).toBeVisible({ timeout: 15_000 });
  const labels = svg.locator('text');
  await expect(labels.filter({ hasText: /^[A-Z][a-z]{2} \d{1,2}$/ }).first()).toBeVisible();
  await expect(labels.filter({ hasText: /^\d{2}-\d{2}$/ })).toHaveCount(0);
  // Every label of both axes lies inside the chart's drawing.
  const frame = await box(svg);
  for (const label of await labels.all()) {
    if (!(await label.isVisible())) continue;
    const { x, y, width, height } = await box(label);
    expect(x).toBeGreaterThanOrEqual(frame.x - 0.5);
    expect(y).toBeGreaterThanOrEqual(frame.y - 0.5);
    expect(x + width).toBeLessThanOrEqual(frame.x + frame.width + 0.5);
    expect(y + height).toBeLessThanOrEqual(frame.y + frame.height + 0.5);
  }
});

test('the account tabs show no scroll arrows at 1366 px, where all of them fit', async ({
  page,
  request,
}) => {
  const user = await readyUser(request);
  await page.setViewportSize(LAPTOP);
  await signIn(page, user);
  await page.goto('/account');
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveCount(6);
  // Through every tab and back, each sub-page loading on its way.
  for (const name of ['My business', 'Referral programme', 'Your affiliate links', 'Security']) {
    await page.getByRole('tab', { name }).click();
    await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
  }
  await page.getByRole('tab', { name: 'Personal data' }).click();
  await expect(page.getByRole('heading', { name: 'Personal data', level: 1 })).toBeVisible();
  for (const tab of await tabs.all()) await expect(tab).toBeInViewport({ ratio: 1 });
  await expect(page.locator('.MuiTabs-scrollButtons')).toHaveCount(0);
});

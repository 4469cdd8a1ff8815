import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

// Spec §4: the banner appears 3 s after load unless hidden; accept and reject tick consents,
// wait 500 ms, store the flag (local vs session storage) and hide. The exact milliseconds are
// also pinned by the unit test beside the component; here the real page is driven by a clock
// the test controls.
test.use({ consentPrompts: true });

test.beforeEach(async ({ page }) => {
  await page.clock.install();
  await page.addInitScript(() => {
    (window as unknown as { loadedAt: number }).loadedAt = Date.now();
  });
});

function loadedAt(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { loadedAt: number }).loadedAt);
}

/** Loads home, lets the banner come on its own, then stops the page's clock. */
async function showBanner(page: Page) {
  await page.goto('/');
  await expect(page.getByTestId('cookie-banner')).toBeVisible({ timeout: 10_000 });
  // The page's time flows while the pause is asked for; on a busy machine it can pass the
  // moment read ("Cannot fast-forward to the past"), and then a later moment is asked for.
  await expect(async () => {
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 50);
  }).toPass();
}

test('appears 3000 ms after load, not before', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('home-page')).toBeVisible();
  await page.clock.pauseAt((await loadedAt(page)) + 2_950);
  await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
  await page.clock.runFor(1_500);
  // Showing a lazily loaded component takes React a few timer ticks: let time flow again.
  await page.clock.resume();
  await expect(page.getByTestId('cookie-banner')).toBeVisible();
});

test('Accept all ticks all three, waits 500 ms, remembers in localStorage', async ({ page }) => {
  await showBanner(page);
  const banner = page.getByTestId('cookie-banner');
  await page.getByTestId('cookie-accept').click();
  for (const consent of ['terms', 'analytics', 'ads']) {
    await expect(page.getByTestId(`cookie-consent-${consent}`)).toBeChecked();
  }
  await page.clock.runFor(450);
  await expect(banner).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('cookie-dialog-hidden'))).toBeNull();
  await page.clock.runFor(100);
  expect(await page.evaluate(() => localStorage.getItem('cookie-dialog-hidden'))).toBe('true');
  await page.clock.resume();
  await expect(banner).toBeHidden();
  expect(await page.evaluate(() => sessionStorage.getItem('cookie-dialog-hidden'))).toBeNull();

  // On a narrow page the install offer follows the banner's moment: once it shows, the banner
  // has had its chance, and its absence means the stored choice was kept.
  await page.setViewportSize({ width: 800, height: 900 });
  await page.reload();
  await expect(page.getByTestId('home-page')).toBeVisible();
  await page.clock.runFor(5_000);
  await expect(page.getByRole('dialog', { name: 'MEEET for iPhone' })).toBeVisible();
  await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
});

test('Reject ticks only terms and remembers for this session only', async ({ page, context }) => {
  await showBanner(page);
  await page.getByTestId('cookie-reject').click();
  await expect(page.getByTestId('cookie-consent-terms')).toBeChecked();
  await expect(page.getByTestId('cookie-consent-analytics')).not.toBeChecked();
  await expect(page.getByTestId('cookie-consent-ads')).not.toBeChecked();
  await page.clock.runFor(450);
  await expect(page.getByTestId('cookie-banner')).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('cookie-dialog-hidden'))).toBeNull();
  await page.clock.runFor(100);
  expect(await page.evaluate(() => sessionStorage.getItem('cookie-dialog-hidden'))).toBe('true');
  await page.clock.resume();
  await expect(page.getByTestId('cookie-banner')).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('cookie-dialog-hidden'))).toBeNull();

  // A new tab is a new session: the banner asks again.
  const second = await context.newPage();
  await second.goto('/');
  await expect(second.getByTestId('cookie-banner')).toBeVisible({ timeout: 10_000 });
});

test('Show more expands the text and Roll up folds it', async ({ page }) => {
  await showBanner(page);
  const toggle = page.getByTestId('cookie-toggle');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  const before = await toggle.textContent();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(toggle).not.toHaveText(before ?? '');
  await toggle.click();
  await expect(toggle).toHaveText(before ?? '');
});

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
  await expect(page.getByRole('region', { name: 'We use cookies' })).toBeVisible({
    timeout: 10_000,
  });
  // The page's time flows while the pause is asked for; on a busy machine it can pass the
  // moment read ("Cannot fast-forward to the past"), and then a later moment is asked for.
  await expect(async () => {
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 50);
  }).toPass();
}

test('appears 3000 ms after load, not before', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.clock.pauseAt((await loadedAt(page)) + 2_950);
  await expect(page.getByRole('region', { name: 'We use cookies' })).toHaveCount(0);
  await page.clock.runFor(1_500);
  // Showing a lazily loaded component takes React a few timer ticks: let time flow again.
  await page.clock.resume();
  await expect(page.getByRole('region', { name: 'We use cookies' })).toBeVisible();
});

test('Accept all ticks all three, waits 500 ms, remembers in localStorage', async ({ page }) => {
  await showBanner(page);
  const banner = page.getByRole('region', { name: 'We use cookies' });
  await page.getByRole('button', { name: 'Accept all Cookies' }).click();
  for (const consent of [
    'Required cookies (Terms of use)',
    'Analytics cookies',
    'Personalised ads',
  ]) {
    await expect(banner.getByLabel(consent)).toBeChecked();
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
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.clock.runFor(5_000);
  await expect(page.getByRole('dialog', { name: 'MEEET for iPhone' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'We use cookies' })).toHaveCount(0);
});

test('Reject ticks only terms and remembers for this session only', async ({ page, context }) => {
  await showBanner(page);
  await page.getByRole('button', { name: 'Reject additional Cookies' }).click();
  await expect(page.getByLabel('Required cookies (Terms of use)')).toBeChecked();
  await expect(page.getByLabel('Analytics cookies')).not.toBeChecked();
  await expect(page.getByLabel('Personalised ads')).not.toBeChecked();
  await page.clock.runFor(450);
  await expect(page.getByRole('region', { name: 'We use cookies' })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('cookie-dialog-hidden'))).toBeNull();
  await page.clock.runFor(100);
  expect(await page.evaluate(() => sessionStorage.getItem('cookie-dialog-hidden'))).toBe('true');
  await page.clock.resume();
  await expect(page.getByRole('region', { name: 'We use cookies' })).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('cookie-dialog-hidden'))).toBeNull();

  // A new tab is a new session: the banner asks again.
  const second = await context.newPage();
  await second.goto('/');
  await expect(second.getByRole('region', { name: 'We use cookies' })).toBeVisible({
    timeout: 10_000,
  });
});

test('Show more expands the text and Roll up folds it', async ({ page }) => {
  await showBanner(page);
  const banner = page.getByRole('region', { name: 'We use cookies' });
  await banner.getByRole('button', { name: 'Show more', expanded: false }).click();
  await banner.getByRole('button', { name: 'Roll up', expanded: true }).click();
  await expect(banner.getByRole('button', { name: 'Show more', expanded: false })).toBeVisible();
});

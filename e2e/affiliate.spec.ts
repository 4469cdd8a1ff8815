import { expect, test } from './support/fixtures.ts';

const HOUR = 3_600_000;

// Spec §2 and §4: `cpa`, `uid` and `nft` query parameters, the 720-hour attribution and the
// headers of §7 that carry them.
test('cpa, uid and nft are stored with a 720-hour expiry', async ({ page }) => {
  const before = Date.now();
  await page.goto('/?cpa=link42&uid=click-7&nft=2');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The page is prerendered: it shows before the app has hydrated and stored the parameters.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('cpa'))).toBe('link42');
  const stored = await page.evaluate(() => ({
    cpa: localStorage.getItem('cpa'),
    uid: localStorage.getItem('cpa_uid'),
    expiration: Number(localStorage.getItem('cpa_expiration')),
    nft: localStorage.getItem('buyingNftId'),
    fp: localStorage.getItem('fp'),
  }));
  expect(stored.cpa).toBe('link42');
  expect(stored.uid).toBe('click-7');
  expect(stored.nft).toBe('2');
  expect(stored.fp).toBeTruthy();
  expect(stored.expiration).toBeGreaterThanOrEqual(before + 720 * HOUR);
  expect(stored.expiration).toBeLessThan(Date.now() + 720 * HOUR + 60_000);
});

test('uid without cpa is not stored, and nft=0 is not a purchase intent', async ({ page }) => {
  await page.goto('/?uid=lonely&nft=0');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The app's arrival effects have run (the fingerprint is gathered with the parameters).
  await expect.poll(() => page.evaluate(() => localStorage.getItem('fp'))).toBeTruthy();
  expect(await page.evaluate(() => localStorage.getItem('cpa_uid'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('buyingNftId'))).toBeNull();
});

test('an expired attribution is cleared on load', async ({ page }) => {
  await page.addInitScript(() => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    localStorage.setItem('cpa', 'old');
    localStorage.setItem('cpa_uid', 'old-click');
    localStorage.setItem('cpa_expiration', String(Date.now() - 1000));
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('cpa'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('cpa_uid'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('cpa_expiration'))).toBeNull();
});

test('the clean-up timer, started on load, clears an expired attribution after 720 hours', async ({
  page,
}) => {
  const start = new Date('2026-11-22T10:00:00Z').getTime();
  await page.clock.install({ time: start });
  // An attribution from an earlier visit that runs out ten hours into this one.
  await page.addInitScript(
    (expiration) => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('cpa', 'link9');
      localStorage.setItem('cpa_uid', 'c9');
      localStorage.setItem('cpa_expiration', String(expiration));
    },
    start + 10 * HOUR,
  );
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The prerendered page shows first; the timer starts when the app has hydrated.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('fp'))).toBeTruthy();
  await page.clock.runFor(719 * HOUR);
  expect(await page.evaluate(() => localStorage.getItem('cpa'))).toBe('link9');
  await page.clock.runFor(2 * HOUR);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('cpa'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('cpa_uid'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('cpa_expiration'))).toBeNull();
});

test('API calls carry the fingerprint and attribution headers', async ({ page }) => {
  await page.goto('/?cpa=link5&uid=c5');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The prerendered page shows before the app has hydrated and stored the parameters.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('cpa'))).toBe('link5');
  const requestPromise = page.waitForRequest(
    (request) => request.url().includes('/api/') && request.method() === 'POST',
  );
  // The support form posts through the API client.
  await page.goto('/support');
  await page.getByRole('textbox', { name: /name/i }).fill('Anna');
  await page.getByRole('textbox', { name: /e-?mail/i }).fill('anna@example.com');
  await page
    .getByRole('textbox', { name: /message/i })
    .fill('Hello, I have a question about tokens.');
  await page.getByRole('button', { name: /send|отправить/i }).click();
  const request = await requestPromise;
  const headers = request.headers();
  expect(headers['x-fp']).toBeTruthy();
  expect(headers['x-cpa-link-id']).toBe('link5');
  expect(headers['x-uid']).toBe('c5');
  expect(headers['accept']).toContain('application/json');
});

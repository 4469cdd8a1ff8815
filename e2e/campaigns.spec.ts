import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { approvedBusiness, everyAdShownOn, personalisedWebViewer } from './support/business.ts';
import { expect, readyUser, registerUser, setRole, signIn, test } from './support/fixtures.ts';
import { raiseHand } from './support/mobile-people.ts';
import { signedInPhone } from './support/phone.ts';
import { repoRoot } from './support/server.ts';

const shots = resolve(repoRoot, 'docs/web');
// Funding on the local chain and a moderator's round trip take more than a form's time.
const CHAIN_TIMEOUT = 30_000;

test('a venue’s campaign around it is approved, shown to a free-tier user nearby, not far away, and counted', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const admin = await registerUser(request);
  setRole(admin.user.email, 'admin');
  // The account area needs a confirmed e-mail and a filled profile.
  const venue = await readyUser(request);
  // In Yekaterinburg (other tests meet elsewhere).
  await approvedBusiness(request, venue, 'Café Luna', { lat: 56.838, lon: 60.5975 });
  const auth = { authorization: `Bearer ${venue.token}` };
  expect((await request.get('/api/crypto/wallet', { headers: auth })).status()).toBe(200);
  const funded = await request.post('/api/crypto/dev/fund', {
    headers: auth,
    data: { usdt: '10', bnb: '1' },
  });
  expect(funded.status(), await funded.text()).toBeLessThan(300);

  // The admin sets the price per 1,000 impressions.
  const adminPage = await browser.newContext().then((context) => context.newPage());
  await signIn(adminPage, admin);
  await adminPage.goto('/control/campaigns');
  await adminPage.getByTestId('price-input').fill('2');
  await adminPage.getByTestId('price-save').click();
  await expect(adminPage.getByTestId('campaign-price')).toHaveText('Now: 2 USDT');

  // The venue creates a campaign and submits it.
  const title = `Coffee for two ${Date.now()}`;
  await signIn(page, venue);
  await page.goto('/account/business/campaigns');
  await page.getByTestId('campaign-title').fill(title, { timeout: CHAIN_TIMEOUT });
  await page.getByTestId('campaign-text').fill('A second cup free after a MEEET meeting.');
  await page.getByTestId('campaign-link').fill('https://example.com/luna');
  await page.getByTestId('campaign-dailyCap').fill('100');
  await page.getByLabel('Area: km around your venue (optional)').fill('2');
  await page.getByTestId('campaign-create').click();
  const card = page.locator('[data-testid^="campaign-"]').filter({ hasText: title }).first();
  await expect(card.getByTestId('campaign-status')).toHaveText('Draft');
  await card.getByTestId('campaign-submit').click();
  await expect(card.getByTestId('campaign-status')).toHaveText('Waiting for review');

  // A moderator approves it in the control area.
  const moderator = await registerUser(request);
  setRole(moderator.user.email, 'moderator');
  const moderatorPage = await browser.newContext().then((context) => context.newPage());
  await signIn(moderatorPage, moderator);
  await moderatorPage.goto('/control/campaigns');
  const review = moderatorPage.locator('[data-testid^="review-"]').filter({ hasText: title });
  await review.getByTestId('review-approve').click();
  await expect(review).toHaveCount(0);

  // Running once the deposit counts (a deposit still on its way waits paused: resume it).
  await expect(async () => {
    await page.reload();
    const status = card.getByTestId('campaign-status');
    if ((await status.textContent()) === 'Paused')
      await card.getByTestId('campaign-resume').click();
    await expect(status).toHaveText('Running', { timeout: 10_000 });
  }).toPass({ timeout: 60_000 });

  // Two people without a token (the free tier) raise a hand in the app: one about 400 m from
  // the venue, one in Perm, 300 km away.
  const handUpAt = async (at: { latitude: number; longitude: number }) => {
    const person = await signedInPhone(browser, request, at);
    await person.page.goto('/');
    await raiseHand(person, 'Just chat');
    return person;
  };
  const [near, far] = await Promise.all([
    handUpAt({ latitude: 56.8405, longitude: 60.602 }),
    handUpAt({ latitude: 58.0105, longitude: 56.2502 }),
  ]);

  // On the web, with personalised ads allowed, the one nearby is shown the campaign (other ads
  // may come first: each shows once, least shown first)…
  const [nearPage, farPage] = await Promise.all([
    personalisedWebViewer(browser, near.auth),
    personalisedWebViewer(browser, far.auth),
  ]);
  expect(await everyAdShownOn(nearPage, '/help/faq', title)).toContain(title);
  await nearPage.getByRole('link', { name: title, exact: true }).scrollIntoViewIfNeeded();
  // …and the one far away, shown every ad the same page has for them, never is.
  expect(await everyAdShownOn(farPage, '/help/faq')).not.toContain(title);

  // The venue sees the impression in its statistics.
  await card.getByTestId('campaign-stats-link').click();
  await expect(async () => {
    await page.reload();
    // A lazy page on a busy machine: each reload gets its own while to show.
    await expect(page.getByTestId('stats-impressions').first()).toHaveText('1', {
      timeout: 10_000,
    });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByTestId('campaign-chart')).toBeVisible();
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: resolve(shots, 'campaign-statistics.png'), fullPage: true });
  for (const viewer of [near.page, far.page, nearPage, farPage]) await viewer.context().close();
});

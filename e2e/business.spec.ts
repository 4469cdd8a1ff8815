import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  expect,
  registerUser,
  readyUser,
  setRole,
  signIn,
  test,
  otherPersonPage,
} from './support/fixtures.ts';

const SHOTS = join(import.meta.dirname, '..', 'docs', 'web');

test('a venue applies, a moderator approves, the venue sees "Approved" and the Business level', async ({
  page,
  browser,
  request,
}) => {
  // Two browsers and a moderator's decision: more than a form.
  test.setTimeout(90_000);
  mkdirSync(SHOTS, { recursive: true });
  const venue = await readyUser(request);
  await signIn(page, venue);

  await page.goto('/account/business');
  // The first page of a fresh server builds its chunks' caches: allow it time.
  await expect(page.getByRole('heading', { name: 'My business', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  const form = page.getByRole('form', { name: 'Company details' });
  await form.getByLabel('Legal name').fill('Café Luna GmbH');
  await form.getByLabel('Registration number').fill('HRB 12345');
  await form.getByLabel('Country (two letters, e.g. DE)').fill('de');
  await form.getByLabel('Address').fill('Unter den Linden 1, Berlin');
  await form.getByLabel('Website').fill('https://cafe-luna.example');
  await form.getByLabel('Contact (phone or e-mail)').fill('+49 30 000000');
  await form.getByLabel('Venue latitude').fill('52.52');
  await form.getByLabel('Venue longitude').fill('13.405');
  await form.getByRole('button', { name: 'Send for review' }).click();
  const status = page.getByTestId('business-status');
  await expect(status.getByText('Under review')).toBeVisible();
  await expect(page.getByTestId('business-referral-level')).toHaveText('Human');

  // The moderator, in a browser of their own: the queue, the business's page, approve.
  const moderatorAuth = await registerUser(request);
  setRole(moderatorAuth.user.email, 'moderator');
  const moderator = await otherPersonPage(browser, moderatorAuth);
  await moderator.goto('/control/business');
  const row = moderator.getByRole('row').filter({ hasText: venue.user.email });
  await row.getByRole('link', { name: 'Open' }).click();
  await expect(moderator.getByRole('heading', { name: 'Café Luna GmbH' })).toBeVisible();
  await expect(moderator.getByText('HRB 12345')).toBeVisible();
  await moderator.getByRole('button', { name: 'Approve' }).click();
  await expect(moderator.getByText('Saved. The owner has been told by e-mail.')).toBeVisible();
  await expect(moderator.getByTestId('control-business-status')).toHaveText('Approved');
  await moderator.evaluate(() => window.scrollTo(0, 0));
  await moderator.screenshot({ path: join(SHOTS, 'control-business.png'), fullPage: true });
  await moderator.context().close();

  // The venue: approved, the Business level, and its meeting spots open.
  await page.reload();
  await expect(status.getByText('Approved')).toBeVisible();
  await expect(page.getByTestId('business-referral-level')).toHaveText('Business');
  const spots = page.getByTestId('business-spots');
  await spots.getByLabel('Name').fill('Luna terrace');
  await spots.getByLabel('Opening hours').fill('Daily 9:00–22:00');
  await spots.getByLabel('Perk for people who meet here (optional)').fill('A free coffee');
  await spots.getByRole('button', { name: 'Publish a spot' }).click();
  await expect(spots.getByText('Luna terrace')).toBeVisible();
  await expect(spots.getByText(/Meetings hosted: 0/)).toBeVisible();
  // From the top, so the sticky header sits where a person sees it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SHOTS, 'business-cabinet.png'), fullPage: true });
});

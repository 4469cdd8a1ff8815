import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { registerUser, setRole, signIn, type AuthRecord } from './fixtures.ts';

/**
 * The venue applies for a business account and a moderator approves it, through the same calls
 * the pages make (the pages themselves are walked by business.spec.ts): the campaigns walk
 * starts from an approved venue.
 */
export async function approvedBusiness(
  request: APIRequestContext,
  venue: { token: string },
  name: string,
  at: { lat: number; lon: number } = { lat: 55.7558, lon: 37.6173 },
): Promise<void> {
  const applied = await request.post('/api/business', {
    headers: { authorization: `Bearer ${venue.token}` },
    data: {
      legalName: name,
      registrationNumber: 'RU-7700000000',
      country: 'ru',
      address: 'Tverskaya 1, Moscow',
      contact: '+7 900 000 00 00',
      category: 'cafe',
      venue: at,
    },
  });
  expect(applied.status(), await applied.text()).toBeLessThan(300);
  const business = (await applied.json()) as { id: number };

  const moderator = await registerUser(request);
  setRole(moderator.user.email, 'moderator');
  const approved = await request.patch(`/api/business/moderate/${business.id}`, {
    headers: { authorization: `Bearer ${moderator.token}` },
    data: { status: 'approved' },
  });
  expect(approved.status(), await approved.text()).toBe(200);
}

/**
 * The person signed in on the web in a browser of their own, who accepts all cookies in the
 * banner, personalised ads included (the free tier matches ads to a profile only with it).
 */
export async function personalisedWebViewer(browser: Browser, auth: AuthRecord): Promise<Page> {
  const page = await browser.newContext().then((context) => context.newPage());
  await page.addInitScript(() => localStorage.setItem('install-app-dialog-hidden', 'true'));
  await signIn(page, auth);
  await page.goto('/help/faq');
  const consented = page.waitForResponse((response) => response.url().endsWith('/api/ads/consent'));
  await page.getByRole('button', { name: 'Accept all Cookies' }).click();
  expect((await consented).status()).toBe(200);
  await expect(page.getByRole('region', { name: 'We use cookies' })).toBeHidden();
  return page;
}

/**
 * Opens the page again and again, each time reading the ad it shows, until the viewer has been
 * through every ad they may be shown now: the server serves the one least shown to them today
 * first, so the first ad to come again (or none at all) means no other is left. Stops early
 * when the ad titled `until` is shown (the page keeps showing it). The titles seen.
 */
export async function everyAdShownOn(page: Page, path: string, until?: string): Promise<string[]> {
  const shown = new Set<string>();
  const titles: string[] = [];
  for (;;) {
    const served = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/ads',
    );
    await page.goto(path);
    const { ad } = (await (await served).json()) as { ad: { title: string; text: string } | null };
    if (!ad) {
      await expect(page.getByText('Ad', { exact: true })).toHaveCount(0);
      return titles;
    }
    await expect(page.getByRole('link', { name: ad.title, exact: true })).toBeVisible();
    const key = `${ad.title}\n${ad.text}`;
    if (shown.has(key)) return titles;
    shown.add(key);
    titles.push(ad.title);
    if (ad.title === until) return titles;
  }
}

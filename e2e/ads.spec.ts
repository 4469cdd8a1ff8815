import {
  expect,
  registerUser,
  setRole,
  signIn,
  test,
  otherPersonPage,
} from './support/fixtures.ts';

test('an admin starts a campaign; a visitor sees it on the FAQ and it counts as an impression', async ({
  page,
  browser,
  request,
}) => {
  const admin = await registerUser(request);
  setRole(admin.user.email, 'admin');
  const title = `House ad ${Date.now()}`;
  await signIn(page, admin);
  await page.goto('/control/ads');
  await page.getByTestId('ads-title').fill(title);
  await page.getByTestId('ads-text').fill('Meet people nearby this weekend.');
  await page.getByTestId('ads-link').fill('https://example.com/weekend');
  await page.getByTestId('ads-placements').fill('faq');
  await page.getByTestId('ads-viewerDailyCap').fill('50');
  await page.getByTestId('ads-submit').click();
  const row = page.getByTestId('ads-campaign').filter({ hasText: title });
  await expect(row).toBeVisible();

  // A visitor without the advertising consent: the ad is shown, not personalised.
  const visitorPage = await otherPersonPage(browser);
  await visitorPage.goto('/help/faq');
  const ad = visitorPage.getByTestId('house-ad').filter({ hasText: title });
  await expect(ad).toBeVisible();
  await expect(ad).toHaveAttribute('data-personalised', 'false');
  await expect(ad.getByTestId('house-ad-link')).toHaveAttribute('href', /^\/api\/ads\/click\//);

  // Below the fold it is not seen yet; brought into view for a second it is.
  await ad.scrollIntoViewIfNeeded();
  await expect(async () => {
    await page.reload();
    await row.getByRole('button', { name: 'Statistics' }).click();
    await expect(row.getByTestId('ads-stats')).toContainText('1');
    const cells = row.getByTestId('ads-stats').locator('tbody tr').first().locator('td');
    await expect(cells.nth(2)).toHaveText('1');
  }).toPass({ timeout: 15_000 });
  await visitorPage.context().close();
});

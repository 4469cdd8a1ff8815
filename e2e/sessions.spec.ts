import { PASSWORD, expect, hideConsentPrompts, readyUser, test } from './support/fixtures.ts';

// A second browser the list names apart from the first (both are Chromium underneath).
const FIREFOX_AGENT = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';

test('one browser sees another signed in as the same user and signs it out', async ({
  page,
  browser,
  request,
}) => {
  // Two browsers sign in, each spending an argon2 hash: more than one test's usual time.
  test.slow();
  const auth = await readyUser(request);
  const otherContext = await browser.newContext({ userAgent: FIREFOX_AGENT });
  const other = await otherContext.newPage();
  await hideConsentPrompts(other);

  for (const tab of [page, other]) {
    await tab.goto('/auth/login');
    await tab.getByLabel('E-mail').fill(auth.user.email);
    await tab.getByLabel(/^Password/).fill(PASSWORD);
    await tab.getByRole('button', { name: 'Log in' }).click();
    await expect(tab).toHaveURL(/\/account$/);
  }

  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page).toHaveURL(/\/account\/security$/);
  const sessions = page.getByRole('list', { name: 'Sessions' });
  await expect(sessions.getByText('This device')).toBeVisible();
  const firefox = sessions.getByRole('listitem').filter({ hasText: 'Firefox 132 · Linux' });
  await expect(firefox).toBeVisible();

  await firefox.getByRole('button', { name: 'Sign out Firefox 132 · Linux' }).click();
  await expect(firefox).toHaveCount(0);

  // The other browser's next call finds its session ended: it is signed out.
  await other.reload();
  await expect(other).not.toHaveURL(/\/account/);
  await expect(other.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
  await otherContext.close();
});

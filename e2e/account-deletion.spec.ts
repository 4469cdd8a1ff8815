import type { APIRequestContext, Page } from '@playwright/test';
import {
  expect,
  hideConsentPrompts,
  readyUser,
  signIn,
  test,
  PASSWORD,
  type AuthRecord,
} from './support/fixtures.ts';
import { waitForMail } from './support/mailbox.ts';

// Issue 43 item 3 on the web: deleting an account waits 30 days, and signing in cancels it;
// "Request my data" mails a link that downloads the archive.

// Each walks registration, the account page, a mail and a second page: more than the default.
test.describe.configure({ timeout: 90_000 });

/** A new user with a complete profile, signed in on the personal data page. */
async function atAccount(page: Page, request: APIRequestContext): Promise<AuthRecord> {
  const user = await readyUser(request);
  await hideConsentPrompts(page);
  await signIn(page, user);
  await page.goto('/account');
  return user;
}

test('a user requests deletion, signs in again and sees it cancelled', async ({
  page,
  request,
}) => {
  const user = await atAccount(page, request);

  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText(/signing in before then cancels the deletion/)).toBeVisible();
  await expect(page.getByText(/transaction records, as payment law requires/)).toBeVisible();
  await page.getByLabel('Your password').fill(PASSWORD);
  await page.getByTestId('delete-confirm').click();

  await expect(page).toHaveURL(/\/auth\/login\?deletionScheduled=/);
  await expect(page.getByTestId('login-deletion-scheduled')).toContainText(
    'Sign in before then to cancel the deletion',
  );

  await page.getByLabel('E-mail').fill(user.user.email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(
    page.getByRole('status').filter({ hasText: 'Your account deletion was cancelled' }),
  ).toBeVisible();
});

test('a user requests their data and downloads it from the mailed link', async ({
  page,
  request,
}) => {
  const user = await atAccount(page, request);
  const since = Date.now();
  await page.getByRole('button', { name: 'Request my data' }).click();
  await expect(page.getByText('We are preparing your data')).toBeVisible();

  const mail = await waitForMail(user.user.email, { since });
  expect(mail.subject).toBe('MEEET: your data is ready');
  const link = /https?:\/\/\S+\/account\/data-export\/\S+/.exec(mail.text)?.[0];
  expect(link).toBeTruthy();
  const url = new URL(link!);
  await page.goto(`${url.pathname}${url.search}`);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download my data' }).click();
  expect((await download).suggestedFilename()).toBe('meeet-data.json');
});

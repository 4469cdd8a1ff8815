import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PASSWORD } from './support/fixtures.ts';
import { signedInPhone } from './support/phone.ts';

// Issue 43 item 3 in the iOS app's web export against the real server: the settings reach the
// account (photo, KYC, data export, deletion); deleting signs the phone out, and signing in
// again within the grace period cancels it and says so. The settings and deletion screens are
// kept as docs/mobile/settings-account.png and docs/mobile/account-deletion.png.

const docs = resolve(import.meta.dirname, '..', 'docs', 'mobile');
mkdirSync(docs, { recursive: true });

test('the app deletes an account after its grace period unless a sign-in cancels it', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { page, email, token } = await signedInPhone(browser, request);

  await page.goto('/settings');
  await expect(page.getByRole('button', { name: 'Request my data' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Take a photo' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Verify identity (KYC)' })).toBeVisible();
  // The account's part of the settings: photo, KYC, data export and deletion.
  await page.getByRole('button', { name: 'Delete account' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: resolve(docs, 'settings-account.png') });

  await page.getByRole('button', { name: 'Delete account' }).click();
  await expect(page.getByText(/Your account is erased 30 days later/)).toBeVisible();
  await expect(page.getByText(/transaction records, as payment law requires/)).toBeVisible();
  await page.getByLabel('Your password').fill(PASSWORD);
  await page.screenshot({ path: resolve(docs, 'account-deletion.png') });
  await page.getByRole('button', { name: 'Delete my account' }).click();

  // Signed out everywhere; signing in again within 30 days cancels the deletion.
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Your account deletion was cancelled')).toBeVisible();
  const status = await request.get('/api/user/account/deletion', {
    headers: { authorization: `Bearer ${token}` },
  });
  // The token from before the deletion request was ended with every other session.
  expect(status.status()).toBe(401);
  await page.context().close();
});

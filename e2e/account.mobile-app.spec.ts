import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { PASSWORD, readyUser } from './support/fixtures.ts';
import { waitForMail } from './support/mailbox.ts';
import { signedInPhone } from './support/phone.ts';

// The account in the iOS app's web export (issue 43 item 3) against the real server: password
// recovery, a profile photo, a KYC submission and a data export, each as a person does it. In
// the web build the image picker opens the browser's file chooser.

/** A camera-like JPEG. */
function photo(color: string): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

test('a forgotten password is reset in the app with the mailed code', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { user } = await readyUser(request);
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await page.goto('/');
  // The sign-in screen stays mounted behind the next one: read what is shown (roles).
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await page.getByRole('textbox', { name: 'E-mail' }).fill(user.email);
  const since = Date.now();
  await page.getByRole('button', { name: 'Send the code' }).click();
  const mail = await waitForMail(user.email, { since });
  await page.getByRole('textbox', { name: 'Code from the e-mail' }).fill(mail.code ?? '');
  const newPassword = 'Meeet-Harbour-58';
  await page.getByRole('textbox', { name: 'New password' }).fill(newPassword);
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByText('Your password is changed. Sign in with it.')).toBeVisible();

  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await page.getByRole('textbox', { name: 'E-mail' }).fill(user.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'People nearby' })).toBeVisible();
  // The old password no longer opens the account.
  const old = await request.post('/api/user/login', {
    data: { email: user.email, password: PASSWORD },
  });
  expect(old.status()).toBe(401);
  await context.close();
});

test('the app uploads a profile photo, submits KYC and mails a data export', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const { page, email, token } = await signedInPhone(browser, request);
  const auth = { authorization: `Bearer ${token}` };
  await page.goto('/settings');

  // A photo from the library, shrunk in the app, saved as the profile photo.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose from library' }).click();
  await (
    await chooser
  ).setFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await photo('#c08040') });
  await expect(page.getByText('Your new photo is saved')).toBeVisible({ timeout: 30_000 });
  // Saved on the server in the user's album of profile photos.
  const album = (await (
    await request.get('/api/media/album/profile_photos', { headers: auth })
  ).json()) as { list: unknown[] };
  expect(album.list).toHaveLength(1);

  // KYC: the document, then a selfie, then the review.
  await page.getByRole('button', { name: 'Verify identity (KYC)' }).click();
  for (const [button, done, color] of [
    ['Photograph your document', 'Document photo ✓', '#405080'],
    ['Take a selfie', 'Selfie ✓', '#806040'],
  ] as const) {
    const picked = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: button }).click();
    await (
      await picked
    ).setFiles({ name: 'kyc.jpg', mimeType: 'image/jpeg', buffer: await photo(color) });
    await expect(page.getByText(done)).toBeVisible({ timeout: 30_000 });
  }
  await page.getByRole('button', { name: 'Send for review' }).click();
  await expect(
    page.getByText('Your photos are with the moderator and cannot be changed now.'),
  ).toBeVisible();
  const kyc = (await (await request.get('/api/kyc', { headers: auth })).json()) as {
    status: string;
  };
  expect(kyc.status).toBe('requested');

  // The data export: asked in the app, its link mailed.
  await page.goto('/settings');
  const since = Date.now();
  await page.getByRole('button', { name: 'Request my data' }).click();
  await expect(
    page.getByText('We are preparing your data and will e-mail you a link.'),
  ).toBeVisible();
  const mail = await waitForMail(email, { since });
  expect(mail.subject).toMatch(/your data is ready/);
  expect(mail.text).toMatch(/\/account\/data-export\/[^\s]+/);
  await page.context().close();
});

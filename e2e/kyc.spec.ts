import sharp from 'sharp';
import {
  expect,
  registerUser,
  setRole,
  signIn,
  test,
  readyUser,
  otherPersonPage,
} from './support/fixtures.ts';

/** A camera-like JPEG (with EXIF, as phones write them). */
async function photo(color: string): Promise<Buffer> {
  return sharp({ create: { width: 900, height: 600, channels: 3, background: color } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneCam' } })
    .toBuffer();
}

test('a user is verified: photos and submit, a moderator approves up to Gold, the name locks', async ({
  page,
  browser,
  request,
}) => {
  // Two browsers, uploads, a moderator's decision and then the market: more than a form.
  test.setTimeout(90_000);
  const user = await readyUser(request);
  await signIn(page, user);

  // The user: document, selfie, submit.
  await page.goto('/kyc');
  const status = page.getByRole('group', { name: 'Status:' });
  const documentInput = page.getByLabel('Document photo');
  const selfieInput = page.getByLabel('Selfie', { exact: true });
  await expect(status).toContainText('Not submitted');
  await expect(documentInput).toHaveAttribute('capture', 'environment');
  await expect(selfieInput).toHaveAttribute('capture', 'user');
  await expect(page.getByRole('button', { name: 'Submit for review' })).toBeDisabled();
  await documentInput.setInputFiles({
    name: 'passport.jpg',
    mimeType: 'image/jpeg',
    buffer: await photo('#3366aa'),
  });
  await expect(page.getByRole('img', { name: 'Your document' })).toBeVisible();
  await selfieInput.setInputFiles({
    name: 'selfie.jpg',
    mimeType: 'image/jpeg',
    buffer: await photo('#aa6633'),
  });
  await expect(page.getByRole('img', { name: 'Your selfie' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(status).toContainText('Under review');
  await expect(documentInput).toHaveCount(0);

  // The moderator, in a browser of their own.
  const moderatorAuth = await registerUser(request);
  // Spec §6: a moderator of the levels this verification asks for (a first one is Silver).
  setRole(moderatorAuth.user.email, 'moderator', 'silver,gold');
  const moderator = await otherPersonPage(browser, moderatorAuth);
  await moderator.goto('/control/kyc');
  const row = moderator
    .getByRole('row')
    .filter({ has: moderator.getByRole('cell', { name: String(user.user.id), exact: true }) });
  await expect(row).toBeVisible();
  await row.getByRole('button').click();
  const dialog = moderator.getByRole('dialog');
  await expect(dialog.getByRole('img', { name: 'Document' })).toBeVisible();
  await expect(dialog.getByRole('img', { name: 'Selfie' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await dialog
    .getByRole('group', { name: 'Highest NFT level allowed' })
    .getByRole('button', { name: 'Gold' })
    .click();
  await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(dialog.getByText('The decision is saved and the user has been told.')).toBeVisible();
  await moderator.context().close();

  // The user hears of it in the app (socket) and sees the checkmark without reloading.
  await expect(page.getByRole('img', { name: 'Verified' })).toBeVisible();
  await expect(status).toContainText('Verified');
  await expect(
    page.getByText('Your identity is verified. NFT levels up to Gold are open to you.'),
  ).toBeVisible();
  // The pushed notification (the page's own status box says the same with a full stop, so it
  // is left out).
  const pushed = page
    .getByRole('alert')
    .filter({ hasText: 'Your identity is verified' })
    .filter({ hasNotText: 'open to you.' });
  await expect(pushed).toBeVisible();

  // Personal data: the checkmark, and the name can no longer be edited.
  await page.goto('/account');
  await expect(page.getByRole('img', { name: 'Identity verified' })).toBeVisible();
  await expect(page.getByLabel('First name')).toBeDisabled();
  await expect(page.getByLabel('Last name')).toBeDisabled();
  const rename = await request.post('/api/user/profile-update', {
    headers: { authorization: `Bearer ${user.token}` },
    data: { lastName: 'Renamed' },
  });
  expect(rename.status()).toBe(403);

  // Verified for Gold: the market shows Gold as open, Platinum as beyond the verification,
  // with the way to ask for more.
  await page.goto('/market');
  await expect(page.getByRole('button', { name: /^Gold/ })).toContainText('Open to you');
  await page.getByRole('button', { name: /^Platinum/ }).click();
  await page.getByRole('link', { name: 'Ask for a higher level' }).click();
  await expect(page).toHaveURL(/\/kyc#level-request$/);
  const ask = page.getByRole('region', { name: 'Need a higher level?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Ask for this level' }).click();
  await expect(page.getByText(/^You asked for Platinum\./)).toBeVisible();
  // The approval stands meanwhile.
  await expect(status).toContainText('Verified');
});

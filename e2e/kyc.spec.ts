import sharp from 'sharp';
import { expect, registerUser, setRole, signIn, test, readyUser } from './support/fixtures.ts';

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
  await expect(page.getByTestId('kyc-status')).toHaveAttribute('data-status', 'draft');
  await expect(page.getByTestId('kyc-document-input')).toHaveAttribute('capture', 'environment');
  await expect(page.getByTestId('kyc-selfie-input')).toHaveAttribute('capture', 'user');
  await expect(page.getByTestId('kyc-submit')).toBeDisabled();
  await page.getByTestId('kyc-document-input').setInputFiles({
    name: 'passport.jpg',
    mimeType: 'image/jpeg',
    buffer: await photo('#3366aa'),
  });
  await expect(page.getByTestId('kyc-document-preview')).toHaveAttribute('data-state', 'loaded');
  await page.getByTestId('kyc-selfie-input').setInputFiles({
    name: 'selfie.jpg',
    mimeType: 'image/jpeg',
    buffer: await photo('#aa6633'),
  });
  await expect(page.getByTestId('kyc-selfie-preview')).toHaveAttribute('data-state', 'loaded');
  await page.getByTestId('kyc-submit').click();
  await expect(page.getByTestId('kyc-status')).toHaveAttribute('data-status', 'requested');
  await expect(page.getByTestId('kyc-document-input')).toHaveCount(0);

  // The moderator, in a browser of their own.
  const moderatorAuth = await registerUser(request);
  setRole(moderatorAuth.user.email, 'moderator');
  const moderatorContext = await browser.newContext();
  const moderator = await moderatorContext.newPage();
  await moderator.addInitScript(() => {
    localStorage.setItem('cookie-dialog-hidden', 'true');
    localStorage.setItem('install-app-dialog-hidden', 'true');
  });
  await signIn(moderator, moderatorAuth);
  await moderator.goto('/control/kyc');
  const row = moderator.getByTestId(`kyc-row-${user.user.id}`);
  await expect(row).toBeVisible();
  await row.getByRole('button').click();
  const dialog = moderator.getByTestId('kyc-review-dialog');
  await expect(dialog.getByTestId('kyc-review-document')).toHaveAttribute('data-state', 'loaded');
  await expect(dialog.getByTestId('kyc-review-selfie')).toHaveAttribute('data-state', 'loaded');
  await dialog.getByTestId('kyc-action-approved').click();
  await dialog.getByTestId('kyc-max-nft-1').click();
  await dialog.getByTestId('kyc-decide').click();
  await expect(dialog.getByTestId('kyc-decision-saved')).toBeVisible();
  await moderatorContext.close();

  // The user hears of it in the app (socket) and sees the checkmark without reloading.
  await expect(page.getByTestId('kyc-verified-badge')).toBeVisible();
  await expect(page.getByTestId('kyc-status')).toHaveAttribute('data-status', 'approved');
  await expect(page.getByTestId('kyc-state')).toContainText('Gold');
  // The pushed notification (the page's own status box says the same, so it is left out).
  const pushed = page
    .getByRole('alert')
    .and(page.locator(':not([data-testid="kyc-state"])'))
    .filter({ hasText: 'Your identity is verified' });
  await expect(pushed).toBeVisible();

  // Personal data: the checkmark, and the name can no longer be edited.
  await page.goto('/account');
  await expect(page.getByTestId('account-verified-badge')).toBeVisible();
  await expect(page.getByTestId('profile-first-name')).toBeDisabled();
  await expect(page.getByTestId('profile-last-name')).toBeDisabled();
  const rename = await request.post('/api/user/profile-update', {
    headers: { authorization: `Bearer ${user.token}` },
    data: { lastName: 'Renamed' },
  });
  expect(rename.status()).toBe(403);

  // Verified for Gold: the market shows Gold as open, Platinum as beyond the verification,
  // with the way to ask for more.
  await page.goto('/market');
  await expect(page.getByTestId('market-level-gold')).toContainText('Open to you');
  await page.getByTestId('market-level-platinum').click();
  await page.getByTestId('market-level-request-link').click();
  await expect(page).toHaveURL(/\/kyc#level-request$/);
  const ask = page.getByRole('region', { name: 'Need a higher level?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Ask for this level' }).click();
  await expect(page.getByTestId('kyc-level-request-waiting')).toContainText('Platinum');
  // The approval stands meanwhile.
  await expect(page.getByTestId('kyc-status')).toHaveAttribute('data-status', 'approved');
});

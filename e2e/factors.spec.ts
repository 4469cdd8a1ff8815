import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { definition, expect, readyUser, signIn, test } from './support/fixtures.ts';
import { waitForMail } from './support/mailbox.ts';

const CHAIN_TIMEOUT = 60_000;

/**
 * The code an authenticator app shows for `secret`, one period ahead: the code of the current
 * period was spent by the step before, and the server takes the next one (clock drift).
 */
const nextCode = (secret: string) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + 30_000 });

async function enrolTotp(page: Page): Promise<string> {
  await page.goto('/account/security');
  await page.getByTestId('totp-setup').click();
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expect(page.getByRole('img', { name: 'QR code for the authenticator app' })).toBeVisible();
  await page.getByLabel('6-digit code').fill(TOTP.generate({ secret: Secret.fromBase32(secret) }));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByTestId('recovery-codes').getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('Recovery codes left: 10')).toBeVisible();
  return secret;
}

test('a user enrols an authenticator app, then withdraws with its code', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const user = await readyUser(request);
  await signIn(page, user);
  const secret = await enrolTotp(page);

  await page.goto('/account/market');
  const usdt = definition(page, 'USDT balance');
  await expect(usdt).toHaveText('0 USDT', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Fund with test USDT and BNB' }).click();
  await expect(page.getByText('Available to withdraw: 1,000 USDT')).toBeVisible({
    timeout: CHAIN_TIMEOUT,
  });
  await page
    .getByLabel(/^Recipient address/)
    .fill(privateKeyToAccount(generatePrivateKey()).address);
  await page.getByLabel('Amount, USDT').fill('7');
  const since = Date.now();
  await page.getByRole('button', { name: 'Continue' }).click();
  const mail = await waitForMail(user.user.email, { since });
  await page.getByLabel('Code from the e-mail').fill(mail.code ?? '');
  await page.getByRole('button', { name: 'Confirm withdrawal' }).click();

  // The server asks for the second factor; a wrong code is refused, the app's code sends.
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(dialog).toContainText('Confirm with your second factor');
  const field = dialog.getByLabel('Code from your authenticator app, or a recovery code');
  await field.fill('000000');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toContainText('The second-factor code is wrong or was already used');
  await field.fill(nextCode(secret));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Withdrawal of 7 USDT')).toBeVisible();
  await expect(page.getByText('Done: the USDT has been sent.')).toBeVisible({
    timeout: CHAIN_TIMEOUT,
  });
});

test('a user with an authenticator app saves a withdrawal address only with its code', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await readyUser(request);
  await signIn(page, user);
  const secret = await enrolTotp(page);

  await page.goto('/account/market');
  const book = page.getByTestId('wallet-addresses');
  await expect(book.getByText('No saved addresses yet.')).toBeVisible({ timeout: 20_000 });
  const recipient = privateKeyToAccount(generatePrivateKey()).address;
  await book.getByRole('textbox', { name: /^Address/ }).fill(recipient);
  await book.getByRole('textbox', { name: /^Name/ }).fill('Cold wallet');
  await book.getByRole('button', { name: 'Save address' }).click();

  // The server asks for the factor; cancelling saves nothing, the app's code saves it.
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(dialog).toContainText('Confirm with your second factor');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(book.getByText('No saved addresses yet.')).toBeVisible();
  await book.getByRole('button', { name: 'Save address' }).click();
  await dialog
    .getByLabel('Code from your authenticator app, or a recovery code')
    .fill(nextCode(secret));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(
    book.getByText('Saved. We have sent you an e-mail about this address.'),
  ).toBeVisible();
  await expect(book.getByRole('listitem').filter({ hasText: 'Cold wallet' })).toContainText(
    recipient,
  );
});

test.describe('passkeys', () => {
  // A WebAuthn relying party is a host name, never an IP: the site is opened as localhost,
  // the host of the server's PUBLIC_URL.
  test.use({ baseURL: `http://localhost:${process.env.E2E_PORT ?? 4310}` });

  test('a user registers a passkey with the browser and signs in with it', async ({
    page,
    request,
  }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    const user = await readyUser(request);
    await signIn(page, user);
    await page.goto('/account/security');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(page.getByTestId('passkey-list')).toContainText('Passkey 1');

    // Signed out, the login page's second path signs the same person in without a password.
    await page.evaluate(() => localStorage.clear());
    await page.goto('/auth/login');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByText(user.user.email).first()).toBeVisible();
  });
});

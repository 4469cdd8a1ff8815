import type { APIRequestContext, Page } from '@playwright/test';
import {
  PASSWORD,
  completeProfile,
  expect,
  registerUser,
  signIn,
  test,
  uniqueEmail,
  type AuthRecord,
} from './support/fixtures.ts';
import { waitForMail } from './support/mailbox.ts';

// A password the strength rule and the common-password check both accept.
const NEW_PASSWORD = 'Renewed-Pass-7391';

/** Confirms the user's e-mail through the API with the code from the delivered mail. */
async function confirmEmail(request: APIRequestContext, auth: AuthRecord, since: number) {
  const headers = { authorization: `Bearer ${auth.token}` };
  const sent = await request.post('/api/user/email/verify/send-code', { headers, data: {} });
  // 429: a code went out a moment ago (at registration); that mail carries it.
  expect([200, 429], await sent.text()).toContain(sent.status());
  const mail = await waitForMail(auth.user.email, { since });
  const checked = await request.post(`/api/user/email/verify/check/${mail.code}`, {
    headers,
    data: {},
  });
  expect(checked.status(), await checked.text()).toBe(200);
}

/** A user with a confirmed e-mail and a complete profile: the account opens for them. */
async function readyUser(request: APIRequestContext): Promise<AuthRecord> {
  const since = Date.now();
  const auth = await registerUser(request);
  await confirmEmail(request, auth, since);
  await completeProfile(request, auth);
  return auth;
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

test('a new user walks register → confirm e-mail → complete profile → account', async ({
  page,
}) => {
  const email = uniqueEmail('join');
  await page.goto('/auth/register');
  await page.getByTestId('register-email').fill(email);
  await page.getByTestId('register-password').fill(PASSWORD);
  await page.getByTestId('register-password-confirm').fill(`${PASSWORD}x`);
  await expect(page.getByTestId('register-password-confirm-message')).toHaveText(
    'Passwords do not match',
  );
  await page.getByTestId('register-password-confirm').fill(PASSWORD);
  await page.getByTestId('register-accept-terms').check();
  await expect(page.getByTestId('register-form')).toHaveAttribute('data-state', 'valid');
  const since = Date.now();
  await page.getByTestId('register-submit').click();

  // The account gate sends an unconfirmed e-mail to confirmation; a code is on its way.
  await expect(page).toHaveURL(/\/auth\/confirm-email$/);
  await expect(page.getByTestId('confirm-code-sent')).toBeVisible();
  const mail = await waitForMail(email, { since });
  expect(mail.code).toMatch(/^\d{6}$/);
  await page.getByTestId('confirm-code').fill(mail.code ?? '');
  await page.getByTestId('confirm-submit').click();

  // Confirmation goes to the market, which sends an incomplete profile to be completed.
  await expect(page).toHaveURL(/\/auth\/update-profile$/);
  const nickname = `anna${Date.now().toString(36)}`;
  await page.getByTestId('profile-first-name').fill('Anna');
  await page.getByTestId('profile-last-name').fill('Tester');
  await page.getByTestId('profile-domain').fill(nickname);
  await expect(page.getByTestId('profile-domain')).toHaveAttribute('data-state', 'valid');
  await page.getByTestId('profile-gender-female').check();
  await page.getByTestId('profile-bdate').fill('17.05.2099');
  await expect(page.getByTestId('profile-bdate-message')).toHaveText('Invalid date');
  await page.getByTestId('profile-bdate').fill('17.05.1990');
  await page.getByTestId('profile-country').selectOption('DE');
  await page.getByTestId('profile-submit').click();

  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId('personal-data-page')).toBeVisible();
  await expect(page.getByTestId('account-email')).toContainText(email);
  await expect(page.getByTestId('account-email-verified')).toBeVisible();
  await expect(page.getByTestId('profile-domain')).toHaveValue(nickname);
  await expect(page.getByTestId('profile-bdate')).toHaveValue('17.05.1990');

  // Log out from the header's account menu: home, signed out.
  await page.getByTestId('nav-account').click();
  await page.getByTestId('nav-logout').click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByTestId('nav-login')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull();
});

test('a taken nickname is reported while typing', async ({ page, request }) => {
  const other = await registerUser(request);
  await completeProfile(request, other);
  const auth = await registerUser(request);
  await signIn(page, auth);
  await page.goto('/auth/update-profile');
  // completeProfile gave the other user the nickname anna<id>.
  await page.getByTestId('profile-domain').fill(`anna${other.user.id}`);
  await expect(page.getByTestId('profile-domain-message')).toHaveText(
    'This username is already taken',
  );
  await expect(page.getByTestId('profile-domain')).toHaveAttribute('data-state', 'invalid');
});

test('a wrong password shows the server message', async ({ page, request }) => {
  const auth = await registerUser(request);
  await page.goto('/auth/login');
  await logIn(page, auth.user.email, 'Wrong-Pass-000');
  await expect(page.getByTestId('login-error')).toHaveText('Invalid login or password');
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('the advertising platform login lands in the affiliate cabinet', async ({ page, request }) => {
  const auth = await readyUser(request);
  await page.goto('/auth/login?platform=cpa');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Login to the advertising platform',
  );
  await logIn(page, auth.user.email, PASSWORD);
  await expect(page).toHaveURL(/\/account\/cpa$/);
});

test('password recovery by mailed code, then login with the new password', async ({
  page,
  request,
}) => {
  const auth = await registerUser(request);
  await completeProfile(request, auth);
  await page.goto('/auth/login');
  await page.getByTestId('login-to-recovery').click();
  await expect(page).toHaveURL(/\/auth\/recovery$/);

  await page.getByTestId('recovery-email').fill(auth.user.email);
  const since = Date.now();
  await page.getByTestId('recovery-send').click();
  await expect(page.getByTestId('recovery-code-form')).toBeVisible();
  await expect(page.getByTestId('recovery-resend')).toBeDisabled();
  const mail = await waitForMail(auth.user.email, { since });

  await page.getByTestId('recovery-code').fill(mail.code ?? '');
  await page.getByTestId('recovery-password').fill(NEW_PASSWORD);
  await page.getByTestId('recovery-password-confirm').fill(NEW_PASSWORD);
  await page.getByTestId('recovery-submit').click();

  await expect(page).toHaveURL(/\/auth\/login\?recoverySuccess=true$/);
  await expect(page.getByTestId('login-recovery-success')).toBeVisible();
  await logIn(page, auth.user.email, PASSWORD);
  await expect(page.getByTestId('login-error')).toHaveText('Invalid login or password');
  await logIn(page, auth.user.email, NEW_PASSWORD);
  // Proving the mailbox confirmed the e-mail too, and the profile is complete: the account.
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId('personal-data-page')).toBeVisible();
});

test('guest-only screens send a signed-in user to the account', async ({ page, request }) => {
  const auth = await readyUser(request);
  await signIn(page, auth);
  for (const path of ['/auth/login', '/auth/register', '/auth/recovery']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByTestId('personal-data-page')).toBeVisible();
  }
});

test('a referral link fills the promo code and keeps it', async ({ page }) => {
  await page.goto('/ref/MEEET1A');
  await expect(page).toHaveURL(/\/auth\/register\?promocode=MEEET1A$/);
  await expect(page.getByTestId('register-promocode')).toHaveValue('MEEET1A');
  await page.goto('/auth/register');
  await expect(page.getByTestId('register-promocode')).toHaveValue('MEEET1A');
});

test.describe('in Russian', () => {
  test.use({ locale: 'ru-RU' });

  test('validation and server messages are Russian', async ({ page, request }) => {
    const auth = await registerUser(request);
    await page.goto('/auth/register');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Регистрация');
    await page.getByTestId('register-email').fill('anna@');
    await expect(page.getByTestId('register-email-message')).toHaveText('Некорректный e-mail');
    await page.getByTestId('register-password').fill('short');
    await expect(page.getByTestId('register-password-message')).toHaveText('Слабый пароль');

    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Вход');
    await logIn(page, auth.user.email, 'Wrong-Pass-000');
    await expect(page.getByTestId('login-error')).toHaveText('Неверный логин или пароль');
  });
});

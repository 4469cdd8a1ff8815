import type { Page } from '@playwright/test';
import {
  PASSWORD,
  completeProfile,
  expect,
  readyUser,
  registerUser,
  signIn,
  test,
  uniqueEmail,
} from './support/fixtures.ts';
import { waitForMail } from './support/mailbox.ts';

// A password the strength rule and the common-password check both accept.
const NEW_PASSWORD = 'Renewed-Pass-7391';

/** The login form by what it reads; `names` in another interface language. */
async function logIn(
  page: Page,
  email: string,
  password: string,
  names = { password: /^Password/, submit: 'Log in' },
) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(names.password).fill(password);
  // Exact: the page also offers "Log in with a passkey".
  await page.getByRole('button', { name: names.submit, exact: true }).click();
}

test('a new user walks register → confirm e-mail → complete profile → account', async ({
  page,
}) => {
  const email = uniqueEmail('join');
  await page.goto('/auth/register');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(`${PASSWORD}x`);
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('checkbox', { name: /I am 18 or older/ }).check();
  await expect(page.getByTestId('register-form')).toHaveAttribute('data-state', 'valid');
  const since = Date.now();
  await page.getByRole('button', { name: 'Create account' }).click();

  // The account gate sends an unconfirmed e-mail to confirmation; a code is on its way.
  await expect(page).toHaveURL(/\/auth\/confirm-email$/);
  await expect(page.getByRole('status').filter({ hasText: email })).toBeVisible();
  const mail = await waitForMail(email, { since });
  expect(mail.code).toMatch(/^\d{6}$/);
  await page.getByLabel('Code from the e-mail').fill(mail.code ?? '');
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();

  // Confirmation goes to the market, which sends an incomplete profile to be completed.
  await expect(page).toHaveURL(/\/auth\/update-profile$/);
  const nickname = `anna${Date.now().toString(36)}`;
  await page.getByLabel('First name').fill('Anna');
  await page.getByLabel('Last name').fill('Tester');
  await page.getByLabel('Nickname').fill(nickname);
  await expect(page.getByLabel('Nickname')).toHaveAttribute('data-state', 'valid');
  await page.getByRole('radio', { name: 'Female' }).check();
  await page.getByLabel('Date of birth').fill('17.05.2099');
  await expect(page.getByText('Invalid date')).toBeVisible();
  await page.getByLabel('Date of birth').fill('17.05.1990');
  await page.getByLabel('Country').selectOption('DE');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Personal data', level: 1 })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText('Confirmed', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Nickname')).toHaveValue(nickname);
  await expect(page.getByLabel('Date of birth')).toHaveValue('17.05.1990');

  // Log out from the header's account menu: home, signed out.
  // Exact: the page below also has "Delete my account".
  await page.getByRole('button', { name: 'Account', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull();
});

test('a taken nickname is reported while typing', async ({ page, request }) => {
  const other = await registerUser(request);
  await completeProfile(request, other);
  const auth = await registerUser(request);
  await signIn(page, auth);
  await page.goto('/auth/update-profile');
  // completeProfile gave the other user the nickname anna<id>.
  await page.getByLabel('Nickname').fill(`anna${other.user.id}`);
  await expect(page.getByText('This username is already taken')).toBeVisible();
  await expect(page.getByLabel('Nickname')).toHaveAttribute('data-state', 'invalid');
});

test('a wrong password shows the server message', async ({ page, request }) => {
  const auth = await registerUser(request);
  await page.goto('/auth/login');
  await logIn(page, auth.user.email, 'Wrong-Pass-000');
  await expect(page.getByRole('alert')).toHaveText('Invalid login or password');
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
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/auth\/recovery$/);

  await page.getByLabel('E-mail').fill(auth.user.email);
  const since = Date.now();
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByLabel('Code from the e-mail')).toBeVisible();
  await expect(page.getByRole('button', { name: /You can ask for a new code in/ })).toBeDisabled();
  const mail = await waitForMail(auth.user.email, { since });

  await page.getByLabel('Code from the e-mail').fill(mail.code ?? '');
  await page.getByLabel('New password').fill(NEW_PASSWORD);
  await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set new password' }).click();

  await expect(page).toHaveURL(/\/auth\/login\?recoverySuccess=true$/);
  await expect(page.getByRole('status')).toBeVisible();
  await logIn(page, auth.user.email, PASSWORD);
  await expect(page.getByRole('alert')).toHaveText('Invalid login or password');
  await logIn(page, auth.user.email, NEW_PASSWORD);
  // Proving the mailbox confirmed the e-mail too, and the profile is complete: the account.
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Personal data', level: 1 })).toBeVisible();
});

test('guest-only screens send a signed-in user to the account', async ({ page, request }) => {
  const auth = await readyUser(request);
  await signIn(page, auth);
  for (const path of ['/auth/login', '/auth/register', '/auth/recovery']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { name: 'Personal data', level: 1 })).toBeVisible();
  }
});

test('a referral link fills the promo code and keeps it', async ({ page }) => {
  await page.goto('/ref/MEEET1A');
  await expect(page).toHaveURL(/\/auth\/register\?promocode=MEEET1A$/);
  await expect(page.getByLabel('Promo code (optional)')).toHaveValue('MEEET1A');
  await page.goto('/auth/register');
  await expect(page.getByLabel('Promo code (optional)')).toHaveValue('MEEET1A');
});

test.describe('in Russian', () => {
  test.use({ locale: 'ru-RU' });

  test('validation and server messages are Russian', async ({ page, request }) => {
    const auth = await registerUser(request);
    await page.goto('/auth/register');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Регистрация');
    await page.getByLabel('E-mail').fill('anna@');
    await expect(page.getByText('Некорректный e-mail')).toBeVisible();
    await page.getByLabel(/^Пароль/).fill('short');
    await expect(page.getByText('Слабый пароль')).toBeVisible();

    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Вход');
    await logIn(page, auth.user.email, 'Wrong-Pass-000', { password: /^Пароль/, submit: 'Войти' });
    await expect(page.getByRole('alert')).toHaveText('Неверный логин или пароль');
  });
});

import type { APIRequestContext, Page } from '@playwright/test';
import { expect, readyUser, registerUser, signIn, test as base } from './support/fixtures.ts';

// Issue 17: the landing pages arrive as HTML (prerendered at build time, in the visitor's
// language) and the app hydrates them without errors.

/** Console errors and uncaught page errors (hydration mismatches are reported as both). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** With JavaScript, every test ends with no console or page error: hydration went through. */
const test = base.extend<{ errors: string[] }>({
  errors: [
    async ({ page }, use) => {
      const errors = collectErrors(page);
      await use(errors);
      expect(errors).toEqual([]);
    },
    { auto: true },
  ],
});

/** A ready user signed in on a phone-sized screen. */
async function signInOnPhone(page: Page, request: APIRequestContext) {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, await readyUser(request));
}

base.describe('without JavaScript', () => {
  base.use({ javaScriptEnabled: false, locale: 'en-US' });

  base('/ and /help/faq?lang=ru show their content from the HTML alone', async ({ page }) => {
    const home = await page.goto('/');
    expect(home?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Real meetings with people around you, and a token to show for each one',
    );
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();

    await page.goto('/help/faq?lang=ru');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Частые вопросы');
    await expect(
      page.getByText('Всё о встречах, выпуске токенов, покупках и вашем аккаунте.'),
    ).toBeVisible();
    await expect(page).toHaveTitle('Вопросы и ответы — MEEET');
  });

  base("/market's shell is in the HTML: heading and a loading status", async ({ page }) => {
    await page.goto('/market?lang=ru');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Маркетплейс');
    await expect(page.getByRole('status', { name: 'Загрузка…' })).toBeVisible();
  });
});

test.describe('with JavaScript', () => {
  test.use({ locale: 'en-US' });

  test('/ hydrates without errors and then works as the app', async ({ page }) => {
    const response = await page.goto('/');
    // The HTML itself carries the page (not an empty #app).
    expect(await response?.text()).toContain('Real meetings with people around you');
    await expect(page.getByTestId('home-page')).toBeVisible();
    // Interactive once hydrated: the language switch re-renders the prerendered page.
    await page.getByTestId('language-ru').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/[а-яё]/i);
    await page.getByRole('link', { name: 'Вопросы и ответы' }).first().click();
    await expect(page).toHaveURL(/\/help\/faq$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Частые вопросы');
  });

  test('/help/faq?lang=ru hydrates in Russian without errors', async ({ page }) => {
    const response = await page.goto('/help/faq?lang=ru#kyc');
    expect(await response?.text()).toContain('Частые вопросы');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Частые вопросы');
    // The topic named by the address opens once the app has taken over.
    await expect(page.locator('#kyc')).toHaveAttribute('open', '');
    await expect(
      page.getByRole('region', { name: 'Что такое верификация личности (KYC) и когда она нужна?' }),
    ).toBeVisible();
  });

  test('a stored language other than the prerendered one takes over after hydration', async ({
    page,
  }) => {
    await page.addInitScript(() => localStorage.setItem('locale', 'ru'));
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/[а-яё]/i);
  });

  test('a signed-in visitor on a phone gets their own header after hydration', async ({
    page,
    request,
  }) => {
    await signInOnPhone(page, request);
    await page.goto('/');
    await expect(page.getByTestId('nav-account')).toBeVisible();
    await expect(page.getByTestId('nav-login')).toHaveCount(0);
    await expect(page.getByTestId('nav-menu-button')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByTestId('nav-menu-button').click();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });

  test('/market hydrates its prerendered shell for a signed-in user, then shows the market', async ({
    page,
    request,
  }) => {
    await signInOnPhone(page, request);
    const response = await page.goto('/market');
    // The heading comes with the HTML, before any script has run.
    expect(await response?.text()).toContain('>Marketplace</h1>');
    await expect(page.getByTestId('market-level-silver')).toBeVisible();
    await expect(page.getByTestId('market-price')).toHaveText('100 USDT');
    await expect(page.getByTestId('nav-account')).toBeVisible();
    // And in Russian, from a stored choice other than the prerendered language.
    await page.evaluate(() => localStorage.setItem('locale', 'ru'));
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Маркетплейс');
    await expect(page.getByTestId('market-price')).toHaveText(/^100\sUSDT$/);
    await expect(page.getByTestId('market-level-silver')).toHaveAttribute('aria-pressed', 'true');
  });

  test("/market's shell shows a visitor without a session the open market", async ({ page }) => {
    await page.goto('/market');
    await expect(page.getByTestId('market-price')).toHaveText('100 USDT');
    await expect(page).toHaveURL(/\/market$/);
  });

  test("/market's shell sends a user with an unconfirmed e-mail to confirm it", async ({
    page,
    request,
  }) => {
    await signIn(page, await registerUser(request));
    await page.goto('/market');
    await expect(page).toHaveURL(/\/auth\/confirm-email$/);
  });
});

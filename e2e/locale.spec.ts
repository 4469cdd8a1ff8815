import { expect, test } from './support/fixtures.ts';

// Spec §1: a stored locale wins, else the browser language before the hyphen, else English.
test.describe('Russian browser', () => {
  test.use({ locale: 'ru-RU' });
  test('shows Russian', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.getByTestId('language-ru')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/[а-яё]/i);
  });
});

test.describe('German browser', () => {
  test.use({ locale: 'de-DE' });
  test('falls back to English', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/[а-яё]/i);
  });
});

test.describe('stored locale', () => {
  test.use({ locale: 'en-US' });
  test('wins over the browser language', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('locale', 'ru'));
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  });

  test('the switcher changes the language and remembers it', async ({ page }) => {
    await page.goto('/help/faq');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByTestId('language-ru').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/[а-яё]/i);
    expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('ru');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  });
});

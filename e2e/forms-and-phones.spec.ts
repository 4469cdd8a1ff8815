import { expect, readyUser, registerUser, signIn, test } from './support/fixtures.ts';

// Issue 17: forms that explain themselves while typing, and pages that fit a phone.

test('a promo code naming no one is explained while typing, with a way on without it', async ({
  page,
  request,
}) => {
  const referrer = await registerUser(request);
  await page.goto('/auth/register');
  const field = page.getByTestId('register-promocode');
  const message = page.getByTestId('register-promocode-message');

  // Well formed, but nobody has it: said at once, before "Join".
  await field.fill('MEEETFFFFFF');
  await expect(message).toHaveText('No one has this promo code. Check it, or register without one');
  await page.getByRole('button', { name: 'Continue without a promo code' }).click();
  await expect(field).toHaveValue('');
  await expect(page.getByTestId('register-promocode-skip')).toHaveCount(0);

  // The inviter's real code passes quietly once the server has answered.
  const code = `MEEET${referrer.user.id.toString(16).toUpperCase()}`;
  const answered = page.waitForResponse((response) =>
    response.url().endsWith(`/api/user/promocode-valid/${code}`),
  );
  await field.fill(code);
  expect(await (await answered).json()).toEqual({ valid: true });
  await expect(message).toHaveCount(0);
  await expect(page.getByTestId('register-promocode-skip')).toHaveCount(0);
});

test('the password hint tells the whole rule', async ({ page }) => {
  await page.goto('/auth/register');
  await expect(page.getByText(/6 to 128 characters/)).toContainText('not a common');
});

test.describe('on a phone (390 × 844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('mobile history as cards', async ({ page, request }) => {
    test.setTimeout(120_000);
    const user = await readyUser(request);
    const funded = await request.post('/api/crypto/dev/fund', {
      headers: { authorization: `Bearer ${user.token}` },
      data: {},
    });
    expect(funded.status(), await funded.text()).toBeLessThan(300);
    await signIn(page, user);
    await page.goto('/account/market');

    const card = page.getByTestId('tx-card').first();
    await expect(card).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('tx-table')).toHaveCount(0);
    // A card says what it is in words and fits the screen: nothing scrolls sideways.
    await expect(page.locator('[data-testid="tx-card"][data-type="INPUT"]').first()).toContainText(
      'Deposit',
    );
    const box = await card.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    // The deposit address is whole, not masked, with its copy button.
    const address = page.getByTestId('deposit-address');
    await expect(address).toHaveText((await address.getAttribute('data-address')) ?? 'none');
    await expect(page.getByTestId('deposit-copy')).toBeVisible();
  });

  for (const locale of ['en-US', 'ru-RU']) {
    test.describe(`in ${locale}`, () => {
      test.use({ locale });

      test('account tabs scroll on one line each; the account button does not wrap', async ({
        page,
        request,
      }) => {
        const user = await readyUser(request);
        await signIn(page, user);
        await page.goto('/account');
        const tabs = page.getByRole('tablist').getByRole('tab');
        await expect(tabs).toHaveCount(6);
        const heights = await tabs.evaluateAll((items) =>
          items.map((item) => item.getBoundingClientRect().height),
        );
        // One line each: every tab as tall as the shortest.
        expect(Math.max(...heights) - Math.min(...heights)).toBeLessThan(1);
        // More sections than the screen holds: the row scrolls, with an arrow to show it.
        const scroller = page.locator('.MuiTabs-root').locator('.MuiTabs-scroller');
        expect(
          await scroller.evaluate((element) => element.scrollWidth > element.clientWidth),
        ).toBe(true);
        await expect(
          page.locator('.MuiTabs-root').locator('.MuiTabs-scrollButtons').last(),
        ).toBeVisible();
        const button = await page.getByTestId('nav-account').boundingBox();
        expect(button?.height ?? 99).toBeLessThanOrEqual(40);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          390,
        );
      });
    });
  }

  test.describe('with the consent prompts', () => {
    test.use({ consentPrompts: true });

    test('the "MEEET for iPhone" prompt never opens over a form being filled', async ({ page }) => {
      await page.addInitScript(() => localStorage.setItem('cookie-dialog-hidden', 'true'));
      await page.clock.install();
      await page.goto('/auth/register');
      await page.getByTestId('register-email').fill('anna@example.com');
      // Well past the 3 s after which the prompt is due.
      await page.clock.runFor(10_000);
      await expect(page.getByTestId('register-email')).toBeFocused();
      await expect(page.getByTestId('install-app-dialog')).toHaveCount(0);
      // Still not once the field loses the focus: the form has been started on this page.
      await page.getByRole('heading', { level: 1 }).click();
      await page.clock.runFor(10_000);
      await expect(page.getByTestId('install-app-dialog')).toHaveCount(0);

      // A page without a form being filled gets it.
      await page.goto('/help/faq');
      await page.clock.runFor(10_000);
      await expect(page.getByTestId('install-app-dialog')).toBeVisible();
    });
  });
});

import { expect, registerUser, test } from './support/fixtures.ts';

// Issue 17: forms that explain themselves while typing.

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

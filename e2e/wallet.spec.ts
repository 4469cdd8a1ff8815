import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { expect, signIn, test, readyUser } from './support/fixtures.ts';
import { waitForMail } from './support/mailbox.ts';

// Chain work (funding, a withdrawal signed, mined and confirmed) takes longer than a form.
const CHAIN_TIMEOUT = 60_000;

test('a user funds the wallet, withdraws USDT with the e-mailed code and sees it confirmed', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  const user = await readyUser(request);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, user);
  await page.goto('/account/market');

  // An empty wallet: nothing to pay the fee with, so the spec §8 warning and no withdrawal.
  await expect(page.getByTestId('wallet-usdt-balance')).toHaveAttribute('data-units', '0');
  await expect(page.getByTestId('wallet-bnb-balance')).toHaveText('0');
  await expect(page.getByTestId('withdraw-fee-warning')).toContainText('BNB');
  await expect(page.getByTestId('withdraw-submit')).toBeDisabled();

  // Deposit: the whole address goes to the clipboard; the warning names the symbol chosen.
  const address = await page.getByTestId('deposit-address').getAttribute('data-address');
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  await page.getByTestId('deposit-copy').click();
  await expect(page.getByTestId('deposit-copy')).toHaveAttribute('data-copied', 'true');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
  await expect(page.getByTestId('deposit-warning')).toContainText('USDT');
  await page.getByTestId('deposit-symbol-BNB').click();
  await expect(page.getByTestId('deposit-warning')).toContainText('Send only BNB');

  // The local chain's test funding: 1000 USDT and 1 BNB arrive at the address.
  await page.getByTestId('dev-fund').click();
  await expect(page.getByTestId('wallet-usdt-balance')).toHaveText('1,000', {
    timeout: CHAIN_TIMEOUT,
  });
  await expect(page.getByTestId('wallet-bnb-balance')).toHaveText('1', { timeout: CHAIN_TIMEOUT });
  await expect(page.getByTestId('withdraw-fee-warning')).toHaveCount(0);
  // A deposit shows while on its way (issue 46); it may be withdrawn once final.
  await expect(page.getByText('Available to withdraw: 1,000 USDT')).toBeVisible({
    timeout: CHAIN_TIMEOUT,
  });

  // Amount rules: more than there is, then Max, then the amount wanted.
  const recipient = privateKeyToAccount(generatePrivateKey()).address;
  await page.getByTestId('withdraw-address').fill(recipient);
  await page.getByTestId('withdraw-amount').fill('5000');
  await page.getByTestId('withdraw-amount').blur();
  await expect(page.getByTestId('withdraw-amount-message')).toHaveText('Insufficient funds');
  await page.getByTestId('withdraw-max').click();
  await expect(page.getByTestId('withdraw-amount')).toHaveValue('1000');
  await page.getByTestId('withdraw-amount').fill('12.5');

  // Step 1 mails a code; step 2 sends with it.
  const since = Date.now();
  await page.getByTestId('withdraw-submit').click();
  await expect(page.getByTestId('withdraw-code')).toBeVisible();
  const mail = await waitForMail(user.user.email, { since });
  expect(mail.code).toMatch(/^\d{6}$/);
  await page.getByTestId('withdraw-code').fill(mail.code ?? '');
  await page.getByTestId('withdraw-confirm').click();

  const result = page.getByTestId('withdraw-result');
  await expect(result).toBeVisible();
  await expect(result).toHaveAttribute('data-status', 'CONFIRMED', { timeout: CHAIN_TIMEOUT });
  await expect(page.getByTestId('wallet-usdt-balance')).toHaveText('987.5', {
    timeout: CHAIN_TIMEOUT,
  });

  // The history: the withdrawal confirmed, and the deposit recorded.
  const withdrawal = page.locator('[data-testid="tx-row"][data-type="OUTPUT"]');
  await expect(withdrawal).toHaveCount(1, { timeout: CHAIN_TIMEOUT });
  await expect(withdrawal.getByTestId('tx-status')).toHaveAttribute('data-status', 'CONFIRMED', {
    timeout: CHAIN_TIMEOUT,
  });
  await expect(withdrawal).toContainText('−12.5 USDT');
  await expect(
    page.locator('[data-testid="tx-row"][data-type="INPUT"][data-status="CONFIRMED"]').first(),
  ).toBeVisible({ timeout: CHAIN_TIMEOUT });

  // Filters: only withdrawals.
  await page.getByTestId('tx-filter-type').click();
  await page.getByRole('option', { name: 'Withdrawal' }).click();
  await expect(page.getByTestId('tx-row')).toHaveCount(1);
});

import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { definition, expect, signIn, test, readyUser } from './support/fixtures.ts';
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
  const usdt = definition(page, 'USDT balance');
  const bnb = definition(page, 'BNB for network fees');
  const feeWarning = page.getByText(/^Withdrawal is not possible: there is not enough BNB/);
  // The wallet's first figures wait on the chain: a busy machine takes more than a form's time.
  await expect(usdt).toHaveText('0 USDT', { timeout: 20_000 });
  await expect(bnb).toHaveText('0 BNB');
  await expect(feeWarning).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();

  // Deposit: the whole address goes to the clipboard; the warning names the symbol chosen.
  const address = await page.getByText(/^0x[0-9a-fA-F]{40}$/).textContent();
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  await page.getByRole('button', { name: 'Copy address' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
  await expect(page.getByText(/^Send only USDT to this address/)).toBeVisible();
  await page.getByRole('button', { name: 'BNB', exact: true }).click();
  await expect(page.getByText(/^Send only BNB to this address/)).toBeVisible();

  // The local chain's test funding: 1000 USDT and 1 BNB arrive at the address.
  await page.getByRole('button', { name: 'Fund with test USDT and BNB' }).click();
  await expect(usdt).toHaveText('1,000 USDT', {
    timeout: CHAIN_TIMEOUT,
  });
  await expect(bnb).toHaveText('1 BNB', { timeout: CHAIN_TIMEOUT });
  await expect(feeWarning).toHaveCount(0);
  // A deposit shows while on its way (issue 46); it may be withdrawn once final.
  await expect(page.getByText('Available to withdraw: 1,000 USDT')).toBeVisible({
    timeout: CHAIN_TIMEOUT,
  });

  // Amount rules: more than there is, then Max, then the amount wanted.
  const recipient = privateKeyToAccount(generatePrivateKey()).address;
  await page.getByLabel(/^Recipient address/).fill(recipient);
  const amount = page.getByLabel('Amount, USDT');
  await amount.fill('5000');
  await amount.blur();
  await expect(page.getByText('Insufficient funds')).toBeVisible();
  await page.getByRole('button', { name: 'Max', exact: true }).click();
  await expect(amount).toHaveValue('1000');
  await amount.fill('12.5');

  // Step 1 mails a code; step 2 sends with it.
  const since = Date.now();
  await page.getByRole('button', { name: 'Continue' }).click();
  const code = page.getByLabel('Code from the e-mail');
  await expect(code).toBeVisible();
  const mail = await waitForMail(user.user.email, { since });
  expect(mail.code).toMatch(/^\d{6}$/);
  await code.fill(mail.code ?? '');
  await page.getByRole('button', { name: 'Confirm withdrawal' }).click();

  await expect(page.getByText('Withdrawal of 12.5 USDT')).toBeVisible();
  await expect(page.getByText('Done: the USDT has been sent.')).toBeVisible({
    timeout: CHAIN_TIMEOUT,
  });
  await expect(usdt).toHaveText('987.5 USDT', {
    timeout: CHAIN_TIMEOUT,
  });

  // The history: the withdrawal confirmed, and the deposit recorded.
  const rows = page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
  const withdrawal = rows.filter({ hasText: 'Withdrawal' });
  await expect(withdrawal).toHaveCount(1, { timeout: CHAIN_TIMEOUT });
  await expect(withdrawal.getByText('Confirmed', { exact: true })).toBeVisible({
    timeout: CHAIN_TIMEOUT,
  });
  await expect(withdrawal).toContainText('−12.5 USDT');
  const deposits = rows.filter({ hasText: 'Deposit' });
  await expect(deposits.filter({ hasText: 'Confirmed' }).first()).toBeVisible({
    timeout: CHAIN_TIMEOUT,
  });

  // Filters: only withdrawals.
  await page.getByRole('combobox', { name: /^Type/ }).click();
  await page.getByRole('option', { name: 'Withdrawal' }).click();
  await expect(rows).toHaveCount(1);
});

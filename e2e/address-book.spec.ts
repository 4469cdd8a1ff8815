import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { definition, expect, signIn, test, readyUser } from './support/fixtures.ts';
import { waitForMail } from './support/mailbox.ts';

// Chain work (funding) takes longer than a form.
const CHAIN_TIMEOUT = 60_000;

test('a saved address waits out its hold: the mail names it and the withdraw form refuses it with the reason', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const user = await readyUser(request);
  await signIn(page, user);
  await page.goto('/account/market');

  // Funds and BNB for the fee, so the withdraw form may be sent.
  await expect(definition(page, 'USDT balance')).toHaveText('0 USDT', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Fund with test USDT and BNB' }).click();
  await expect(page.getByText('Available to withdraw: 1,000 USDT')).toBeVisible({
    timeout: CHAIN_TIMEOUT,
  });

  // Save an address with a name: it shows its hold, and a mail names it.
  const book = page.getByTestId('wallet-addresses');
  await expect(book.getByText('No saved addresses yet.')).toBeVisible();
  const recipient = privateKeyToAccount(generatePrivateKey()).address;
  const since = Date.now();
  await book.getByRole('textbox', { name: /^Address/ }).fill(recipient);
  await book.getByRole('textbox', { name: /^Name/ }).fill('My Ledger');
  await book.getByRole('button', { name: 'Save address' }).click();
  await expect(
    book.getByText('Saved. We have sent you an e-mail about this address.'),
  ).toBeVisible();
  const entry = book.getByRole('listitem').filter({ hasText: 'My Ledger' });
  await expect(entry).toContainText(recipient);
  await expect(entry).toContainText(/Usable from /);
  const mail = await waitForMail(user.user.email, { since });
  // (This mailbox reader unfolds a long encoded subject with a space; the words are what count.)
  expect(mail.subject).toMatch(/^MEEET: withdrawal address "My Ledger\s?" saved$/);
  expect(mail.text).toContain(`The address ${recipient} was saved`);
  expect(mail.text).toContain('as "My Ledger"');

  // The withdraw form picks it from the saved addresses, and the server refuses it for now.
  const withdraw = page.getByTestId('wallet-withdraw');
  await withdraw.getByRole('button', { name: 'My Ledger' }).click();
  await expect(page.getByLabel(/^Recipient address/)).toHaveValue(recipient);
  await page.getByLabel('Amount, USDT').fill('1');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(withdraw.getByText(/^This saved address can receive funds from /)).toBeVisible();
  await expect(page.getByLabel('Code from the e-mail')).toHaveCount(0);

  // Removing it is immediate; with "only to saved addresses" on, an unsaved one is refused.
  await entry.getByRole('button', { name: 'Remove My Ledger' }).click();
  await expect(book.getByText('No saved addresses yet.')).toBeVisible();
  await book.getByLabel('Withdraw only to saved addresses').check();
  await expect(book.getByLabel('Withdraw only to saved addresses')).toBeChecked();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(
    withdraw.getByText(/^Withdrawals may go only to your saved addresses/),
  ).toBeVisible();
});

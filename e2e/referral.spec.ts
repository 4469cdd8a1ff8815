import type { APIRequestContext, Page } from '@playwright/test';
import { waitForMail } from './support/mailbox.ts';
import {
  expect,
  hideConsentPrompts,
  PASSWORD,
  readyUser,
  registerUser,
  setRole,
  signIn,
  test,
  uniqueEmail,
  type AuthRecord,
} from './support/fixtures.ts';

// Funding, approve + buy mined and confirmed, the reward accrued with the purchase.
const CHAIN_TIMEOUT = 90_000;

async function silverStock(request: APIRequestContext): Promise<number> {
  const response = await request.get('/api/crypto/market');
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { levels: { level: number; stock: number }[] };
  return body.levels.find((level) => level.level === 0)?.stock ?? 0;
}

/** The signed-in record the app keeps in the browser (spec §3 key `auth`). */
async function authOf(page: Page): Promise<AuthRecord> {
  const record = await page.evaluate(() => localStorage.getItem('auth'));
  expect(record).not.toBeNull();
  return JSON.parse(record ?? '{}') as AuthRecord;
}

test('a friend opens the referral link, registers and buys; the referrer sees it all', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const admin = await registerUser(request);
  setRole(admin.user.email, 'admin');
  if ((await silverStock(request)) === 0) {
    const minted = await request.post('/api/crypto/market/mint', {
      headers: { authorization: `Bearer ${admin.token}` },
      data: { level: 0, count: 1 },
    });
    expect(minted.status(), await minted.text()).toBeLessThan(300);
  }
  const referrer = await readyUser(request);
  const code = String(referrer.user.referralCode);

  // The friend, in a browser of their own.
  const context = await browser.newContext();
  const friend = await context.newPage();
  await hideConsentPrompts(friend);
  await friend.goto(`/ref/${code}`);
  await expect(friend).toHaveURL(new RegExp(`/auth/register\\?promocode=${code}$`));
  await expect(friend.getByLabel('Promo code (optional)')).toHaveValue(code);
  const email = uniqueEmail('friend');
  await friend.getByLabel('E-mail').fill(email);
  await friend.getByLabel(/^Password/).fill(PASSWORD);
  await friend.getByLabel('Confirm password').fill(PASSWORD);
  await friend.getByRole('checkbox', { name: /I am 18 or older/ }).check();
  const since = Date.now();
  await friend.getByRole('button', { name: 'Create account' }).click();
  await expect(friend).toHaveURL(/\/auth\/confirm-email$/);
  const mail = await waitForMail(email, { since });
  await friend.getByLabel('Code from the e-mail').fill(mail.code ?? '');
  await friend.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(friend).toHaveURL(/\/auth\/update-profile$/);
  const nickname = `friend${Date.now().toString(36)}`;
  await friend.getByLabel('First name').fill('Fritz');
  await friend.getByLabel('Last name').fill('Friend');
  await friend.getByLabel('Nickname').fill(nickname);
  await expect(friend.getByLabel('Nickname')).toHaveAttribute('data-state', 'valid');
  await friend.getByRole('radio', { name: 'Male', exact: true }).check();
  await friend.getByLabel('Date of birth').fill('17.05.1990');
  await friend.getByRole('button', { name: 'Save and continue' }).click();
  await expect(friend).toHaveURL(/\/account$/);

  // Test funds on the local chain, then Silver bought on the market page.
  const funded = await request.post('/api/crypto/dev/fund', {
    headers: { authorization: `Bearer ${(await authOf(friend)).token}` },
    data: {},
  });
  expect(funded.status(), await funded.text()).toBeLessThan(300);
  await friend.goto('/market');
  await expect(friend.getByRole('button', { name: /^Silver/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(friend.getByRole('button', { name: 'Buy Silver', exact: true })).toBeEnabled({
    timeout: CHAIN_TIMEOUT,
  });
  await friend.getByRole('button', { name: 'Buy Silver', exact: true }).click();
  await friend.getByRole('button', { name: 'Confirm purchase' }).click();
  await expect(friend.getByText(/^NFT Silver.* is yours$/).first()).toBeVisible({
    timeout: CHAIN_TIMEOUT,
  });
  await context.close();

  // The referrer: the registration, 10% of 100 USDT in the figures and the chart, the row.
  await signIn(page, referrer);
  await page.goto('/account/referral');
  const figure = (name: string) => page.getByRole('group', { name, exact: true });
  await expect(async () => {
    await page.reload();
    await expect(figure('Income in the period')).toContainText('10 USDT', { timeout: 3_000 });
  }).toPass({ timeout: CHAIN_TIMEOUT });
  await expect(figure('Registrations')).toContainText('1');
  await expect(figure('Link clicks')).toContainText('1');
  await expect(figure('Business purchases')).toContainText('10 USDT');
  await expect(figure('Buyers')).toContainText('1');

  const chart = page.getByRole('figure', { name: 'Income by day' });
  await expect(chart.getByRole('cell', { name: 'Business purchases: 10 USDT' })).toBeAttached();
  // And a bar of it drawn.
  await expect
    .poll(() =>
      chart
        .locator('rect.MuiBarElement-root')
        .evaluateAll((bars) =>
          Math.max(0, ...bars.map((bar) => bar.getBoundingClientRect().height)),
        ),
    )
    .toBeGreaterThan(0);
  const rewards = page.getByRole('table', { name: 'Recent rewards' });
  await expect(rewards.getByRole('row', { name: new RegExp(nickname) })).toContainText('10 USDT');

  await page.getByRole('tab', { name: 'Referral tree' }).click();
  const row = page.getByRole('row', { name: new RegExp(nickname) });
  await expect(row).toContainText('Human');
  await expect(row).toContainText('10 USDT');
});

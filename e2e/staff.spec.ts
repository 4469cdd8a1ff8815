import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { resolve } from 'node:path';
import sharp from 'sharp';
import {
  expect,
  PASSWORD,
  readyUser,
  registerUser,
  setRole,
  signIn,
  test,
  type AuthRecord,
} from './support/fixtures.ts';
import { waitForMail } from './support/mailbox.ts';
import { repoRoot } from './support/server.ts';

const shots = resolve(repoRoot, 'docs/web');

/** The user's deposit address, made by their first look at the wallet. */
async function depositAddress(request: APIRequestContext, user: AuthRecord) {
  const response = await request.get('/api/crypto/wallet', {
    headers: { authorization: `Bearer ${user.token}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { address: string }).address;
}

/** A new user given a staff role with the project's command. */
async function staffUser(request: APIRequestContext, role: 'admin' | 'moderator') {
  const user = await registerUser(request);
  setRole(user.user.email, role);
  return user;
}

/** Opens a user's control page; the first control page loads its code, more than a click's wait. */
async function openUserPage(page: Page, user: AuthRecord) {
  await page.goto(`/control/users/${user.user.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`User ${user.user.id}`, {
    timeout: 30_000,
  });
}

test('an admin finds a user by deposit address, bans and unbans them, and the audit shows both', async ({
  page,
  request,
}) => {
  // A wallet made on the chain, two dialogs and the audit: more than a form's time on a busy machine.
  test.setTimeout(120_000);
  const admin = await staffUser(request, 'admin');
  const target = await registerUser(request);
  const address = await depositAddress(request, target);

  await signIn(page, admin);
  await page.goto('/control/users');
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByLabel('E-mail, nickname, id or address').fill(address);
  await page.getByRole('button', { name: 'Search' }).click();
  const results = page.getByRole('table', { name: 'Users found' });
  const row = results.getByRole('row').filter({ hasText: target.user.email });
  await expect(row).toContainText('deposit address');
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: resolve(shots, 'control-user-search.png'), fullPage: true });

  // The row opens where it is clicked, not only on the id link.
  await row.getByText(target.user.email).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`User ${target.user.id}`);
  await expect(page.getByText(address)).toBeVisible();

  await page.getByRole('button', { name: 'Ban', exact: true }).click();
  const banDialog = page.getByRole('dialog');
  await banDialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(banDialog.getByText('Give a reason of at least 3 characters.')).toBeVisible();
  await banDialog.getByLabel('Reason').fill('Scam messages in chat');
  await banDialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(banDialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Banned.' })).toBeVisible();

  // The banned user's token no longer works and sign-in says why.
  const me = await request.get('/api/user/me', {
    headers: { authorization: `Bearer ${target.token}` },
  });
  expect(me.status()).toBe(401);
  const login = await request.post('/api/user/login', {
    data: { email: target.user.email, password: PASSWORD },
  });
  expect(login.status()).toBe(403);

  await page.getByRole('button', { name: 'Unban' }).click();
  const unbanDialog = page.getByRole('dialog');
  await unbanDialog.getByLabel('Reason').fill('Appeal accepted');
  await unbanDialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(unbanDialog).toBeHidden();

  const audit = page.getByRole('table', { name: 'Audit trail' });
  await expect(audit.getByRole('row').nth(1)).toContainText('Unban');
  await expect(audit.getByRole('row').nth(1)).toContainText('Appeal accepted');
  await expect(audit.getByRole('row').nth(2)).toContainText('Ban');
  await expect(audit.getByRole('row').nth(2)).toContainText('Scam messages in chat');
  await page.screenshot({ path: resolve(shots, 'control-user-page.png'), fullPage: true });
});

test('a moderator reads a user page without the actions or the audit trail', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const moderator = await staffUser(request, 'moderator');
  const target = await registerUser(request);
  await signIn(page, moderator);
  await openUserPage(page, target);
  await expect(page.getByRole('region', { name: 'Sessions and devices' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ban', exact: true })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Audit trail' })).toHaveCount(0);
  // What their work needs, and none of the money (docs/decisions.md).
  await expect(page.getByRole('region', { name: 'Meetings' })).toContainText('No meetings.');
  await expect(page.getByRole('region', { name: 'Reports' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Wallet ledger' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'CPA standing' })).toHaveCount(0);
});

/** A user whose verification an admin approved (photos and submit through the API). */
async function verifiedUser(request: APIRequestContext, admin: AuthRecord): Promise<AuthRecord> {
  const user = await readyUser(request);
  const headers = { authorization: `Bearer ${user.token}` };
  for (const [kind, background] of [
    ['document', '#3366aa'],
    ['selfie', '#aa6633'],
  ] as const) {
    const buffer = await sharp({ create: { width: 600, height: 400, channels: 3, background } })
      .jpeg()
      .toBuffer();
    const uploaded = await request.post('/api/media', {
      headers,
      multipart: {
        album: 'kyc',
        kind,
        files: { name: `${kind}.jpg`, mimeType: 'image/jpeg', buffer },
      },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
  }
  const submitted = await request.post('/api/kyc/submit', { headers });
  expect(submitted.status(), await submitted.text()).toBe(200);
  const approved = await request.patch(`/api/kyc/moderate/${user.user.id}`, {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { status: 'approved', maxNftType: 1 },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  return user;
}

test("an admin reads a user's sections and re-opens their KYC; the user may submit again", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await staffUser(request, 'admin');
  const user = await verifiedUser(request, admin);

  await signIn(page, admin);
  await openUserPage(page, user);
  for (const name of [
    'KYC',
    'Wallet ledger',
    'Meetings',
    'Reports',
    'Referral standing',
    'CPA standing',
  ]) {
    await expect(page.getByRole('region', { name, exact: true })).toBeVisible();
  }
  const kyc = page.getByRole('region', { name: 'KYC', exact: true });
  const history = kyc.getByRole('table', { name: 'KYC history' });
  await expect(history.getByRole('row').nth(2)).toContainText('Waiting for review → Verified');
  await expect(page.getByRole('region', { name: 'Meetings' })).toContainText('No meetings.');
  await expect(page.getByRole('region', { name: 'CPA standing' })).toContainText(
    'No affiliate links.',
  );
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: resolve(shots, 'control-user-sections.png'), fullPage: true });

  const since = Date.now();
  await page.getByRole('button', { name: 'Re-open KYC' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').fill('Document expired');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('status').filter({ hasText: 'KYC re-opened; the user was mailed.' }),
  ).toBeVisible();
  await expect(history.getByRole('row').nth(3)).toContainText('Verified → Not submitted');
  await expect(history.getByRole('row').nth(3)).toContainText('Document expired');
  const audit = page.getByRole('table', { name: 'Audit trail' });
  await expect(audit.getByRole('row').nth(1)).toContainText('Re-open KYC');
  await expect(page.getByRole('button', { name: 'Re-open KYC' })).toHaveCount(0);

  const mail = await waitForMail(user.user.email, { since });
  expect(mail.text).toContain('Your verification was re-opened: Document expired');
  const again = await request.post('/api/kyc/submit', {
    headers: { authorization: `Bearer ${user.token}` },
  });
  expect(again.status(), await again.text()).toBe(200);
});

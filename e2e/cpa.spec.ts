import { createHmac } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { devices } from '@playwright/test';
import {
  expect,
  hideConsentPrompts,
  PASSWORD,
  readyUser,
  signIn,
  test,
  uniqueEmail,
  definition,
} from './support/fixtures.ts';
import { e2eServerInfo } from './support/server.ts';

interface ReceivedPostback {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

function receivedFor(linkId: string): ReceivedPostback[] {
  const { postbackDir } = e2eServerInfo();
  return readdirSync(postbackDir)
    .sort()
    .map((file) => JSON.parse(readFileSync(join(postbackDir, file), 'utf8')) as ReceivedPostback)
    .filter((postback) => new URL(postback.url, 'http://x').searchParams.get('l') === linkId);
}

// Issue 15: an affiliate creates a link; a visitor arrives by /l/meet?cpa=…&uid=…, registers
// and completes the profile; the cabinet shows the hit, the registration and the fill_profile
// conversion, and the affiliate's tracker got two signed postbacks.
test('an affiliate link brings a visitor whose actions reach the cabinet and the tracker', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(90_000);
  const { postbackPort } = e2eServerInfo();
  const affiliate = await readyUser(request);
  await signIn(page, affiliate);
  await page.goto('/account/cpa');
  await expect(page.getByRole('heading', { name: 'Your affiliate links' })).toBeVisible();
  await page.getByRole('button', { name: 'Create link' }).click();
  const form = page.getByRole('dialog', { name: 'New link' });
  await form.getByLabel('Name').fill('Meet campaign');
  await form
    .getByLabel('Postback URL (optional)')
    .fill(
      `http://127.0.0.1:${postbackPort}/pb?cid={click_id}&a={action}&p={payout}&l={link_id}&e={event_id}`,
    );
  await form.getByRole('button', { name: 'Save' }).click();
  const secretDialog = page.getByRole('dialog', { name: 'Postback secret' });
  const secret = (await secretDialog.getByText(/^whsec_/).textContent()) ?? '';
  expect(secret).toMatch(/^whsec_/);
  await secretDialog.getByRole('button', { name: 'I have saved it' }).click();
  await expect(secretDialog).toBeHidden();
  const meetUrl = (await page.getByText(/\/l\/meet\?cpa=/).textContent()) ?? '';
  const linkId = new URL(meetUrl).searchParams.get('cpa') ?? '';
  expect(linkId).toMatch(/^[A-Za-z0-9]{10}$/);

  // The visitor: another browser (own storage and fingerprint) that looks like a person's.
  const visitorContext = await browser.newContext({ ...devices['Desktop Chrome'] });
  const visitor = await visitorContext.newPage();
  await hideConsentPrompts(visitor);
  const landingHit = visitor.waitForRequest(
    (r) => r.url().includes('/api/cpa/landings') && r.headers()['x-cpa-link-id'] === linkId,
  );
  await visitor.goto(`/l/meet?cpa=${linkId}&uid=click-777`);
  await expect(visitor.getByTestId('home-page')).toHaveAttribute(
    'data-landing',
    'cpa-landing-meet',
  );
  expect((await landingHit).headers()['x-uid']).toBe('click-777');

  await visitor.goto('/auth/register');
  await visitor.getByLabel('E-mail').fill(uniqueEmail('cpa-visitor'));
  await visitor.getByLabel(/^Password/).fill(PASSWORD);
  await visitor.getByLabel('Confirm password').fill(PASSWORD);
  await visitor.getByRole('checkbox', { name: /I am 18 or older/ }).check();
  await visitor.getByRole('button', { name: 'Create account' }).click();
  await expect(visitor).toHaveURL(/\/auth\/confirm-email$/);

  await visitor.goto('/auth/update-profile');
  await visitor.getByLabel('First name').fill('Vera');
  await visitor.getByLabel('Last name').fill('Visitor');
  await visitor.getByLabel('Nickname').fill(`vera${Date.now().toString(36)}`);
  await expect(visitor.getByLabel('Nickname')).toHaveAttribute('data-state', 'valid');
  await visitor.getByRole('radio', { name: 'Female' }).check();
  await visitor.getByLabel('Date of birth').fill('17.05.1990');
  await visitor.getByLabel('Country').selectOption('DE');
  const saved = visitor.waitForResponse((r) => r.url().includes('/api/user/profile-update'));
  await visitor.getByRole('button', { name: 'Save and continue' }).click();
  expect((await saved).status()).toBe(200);
  await visitorContext.close();

  // The tracker gets both postbacks, signed with the link's secret, the macros filled.
  await expect.poll(() => receivedFor(linkId).length, { timeout: 20_000 }).toBe(2);
  const received = receivedFor(linkId);
  const actions = received.map((p) => new URL(p.url, 'http://x').searchParams.get('a')).sort();
  expect(actions).toEqual(['fill_profile', 'registration']);
  for (const postback of received) {
    const query = new URL(postback.url, 'http://x').searchParams;
    expect(query.get('cid')).toBe('click-777');
    expect(query.get('e')).toMatch(/^\d+$/);
    const [, t, v1] =
      /^t=(\d+),v1=([0-9a-f]{64})$/.exec(postback.headers['x-meeet-signature'] ?? '') ?? [];
    expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${postback.body}`).digest('hex'));
    expect(JSON.parse(postback.body)).toMatchObject({ click_id: 'click-777', link_id: linkId });
  }

  // The cabinet shows the hit, the registration and both conversions, and the delivered log.
  await page.goto('/cpa');
  await expect(page.getByRole('heading', { name: 'Advertising cabinet' })).toBeVisible();
  await expect(definition(page, 'Hits')).toHaveText('1');
  await expect(definition(page, 'Registrations')).toHaveText('1');
  const linkRow = page.getByRole('table', { name: 'Links' }).getByRole('row', {
    name: /Meet campaign/,
  });
  // The row header is the link's name; then hits and registrations.
  await expect(linkRow.getByRole('cell').nth(0)).toHaveText('1');
  await expect(linkRow.getByRole('cell').nth(1)).toHaveText('1');
  const conversions = page.getByRole('table', { name: 'Conversions' });
  await expect(conversions.getByRole('cell', { name: 'Registration' })).toBeVisible();
  await expect(conversions.getByRole('cell', { name: 'Profile completed' })).toBeVisible();
  await expect(conversions.getByRole('cell', { name: 'click-777' })).toHaveCount(2);
  const log = page.getByRole('article', { name: /^Postback #/ });
  await expect(log).toHaveCount(2);
  await expect(log.getByText('Delivered')).toHaveCount(2);
});

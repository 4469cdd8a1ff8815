import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PASSWORD, readyUser } from './support/fixtures.ts';

// Say no before, not after (issue 39): two people without a token of the same level propose a
// meeting through the iOS app's web export against the real server. Nothing starts; both
// screens say why at once. The screen is kept as docs/mobile/meeting-refused.png.

const docs = resolve(import.meta.dirname, '..', 'docs', 'mobile');
mkdirSync(docs, { recursive: true });

interface Phone {
  page: Page;
  nickname: string;
}

/** A person with a confirmed e-mail and a complete profile, signed in on a phone of their own. */
async function phone(browser: Browser, request: APIRequestContext): Promise<Phone> {
  const { user } = await readyUser(request);
  const fp = `e2e-phone-${randomUUID()}`;
  const login = await request.post('/api/user/login', {
    headers: { 'x-fp': fp },
    data: { email: user.email, password: PASSWORD },
  });
  expect(login.status(), await login.text()).toBe(200);
  const auth = (await login.json()) as { token: string; user: { domain: string | null } };
  const context = await browser.newContext({ locale: 'en-US' });
  // The app's own storage entries (spec §3): the auth record, the socket's key, the fingerprint.
  await context.addInitScript(
    ([record, token, fingerprint]) => {
      localStorage.setItem('auth', record);
      localStorage.setItem('accessKey', token);
      localStorage.setItem('fp', fingerprint);
    },
    [JSON.stringify(auth), auth.token, fp] as const,
  );
  const page = await context.newPage();
  await page.goto('/meetings');
  await expect(page.getByRole('button', { name: 'Show my code' })).toBeVisible();
  return { page, nickname: auth.user.domain ?? '' };
}

test('a meeting that could never mint is refused before anyone waits, with the reason on both phones', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const anna = await phone(browser, request);
  const boris = await phone(browser, request);

  // Anna shows her code (and its QR); Boris types it.
  await anna.page.getByRole('button', { name: 'Show my code' }).click();
  await expect(
    anna.page.getByRole('img', { name: 'QR code for your partner to scan' }),
  ).toBeVisible();
  const code = (await anna.page.getByText(/^Your code: \d{6}$/).innerText()).slice(-6);
  await boris.page.getByLabel("Partner's code").fill(code);
  await boris.page.getByRole('button', { name: 'Confirm the code' }).click();

  const reason = 'you do not hold a token of the same level';
  await expect(
    boris.page.getByText(`No meeting started. It could not mint a token: ${reason}`),
  ).toBeVisible();
  await expect(
    anna.page.getByText(
      `No meeting with ${boris.nickname} started. It could not mint a token: ${reason}`,
    ),
  ).toBeVisible();
  // Nothing started: no minutes are counted on either phone.
  for (const person of [anna, boris]) {
    await expect(person.page.getByText(/in progress/)).toHaveCount(0);
  }
  await anna.page.screenshot({ path: resolve(docs, 'meeting-refused.png') });
  await anna.page.context().close();
  await boris.page.context().close();
});

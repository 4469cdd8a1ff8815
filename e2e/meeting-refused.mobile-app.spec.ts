import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { signedInPhone, type Phone } from './support/phone.ts';

// Say no before, not after (issue 39): two people without a token of the same level propose a
// meeting through the iOS app's web export against the real server. Nothing starts; both
// screens say why at once. The screen is kept as docs/mobile/meeting-refused.png.

const docs = resolve(import.meta.dirname, '..', 'docs', 'mobile');
mkdirSync(docs, { recursive: true });

/** A person signed in on a phone of their own, on the Meetings tab. */
async function phone(browser: Browser, request: APIRequestContext): Promise<Phone> {
  const person = await signedInPhone(browser, request);
  await person.page.goto('/meetings');
  await expect(person.page.getByRole('button', { name: 'Show my code' })).toBeVisible();
  return person;
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

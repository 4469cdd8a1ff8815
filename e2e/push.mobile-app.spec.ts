import { expect, test } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { join, raiseHand, tokenOf } from './support/mobile-people.ts';
import { waitForPush } from './support/pushes.ts';

// A message reaches a person whose app is closed as a push (issue 43): the server, configured
// with an APNs key, sends it to a local APNs (scripts/fake-apns.mjs) that keeps what it got.

test('a message to someone whose app is closed arrives on their phone as a push', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  // In Saint Petersburg, about 120 m apart (other tests meet in Moscow).
  const vera = await join(browser, 'vera', { latitude: 59.9343, longitude: 30.3351 });
  const oleg = await join(browser, 'oleg', { latitude: 59.9353, longitude: 30.3358 });
  await raiseHand(vera, 'Just chat');
  await raiseHand(oleg, 'Business');

  // Oleg's phone registers its device token through the app's own call: the web build cannot
  // ask iOS for one.
  const device = randomBytes(32).toString('hex');
  const registered = await request.put('/api/push/token', {
    headers: { authorization: `Bearer ${await tokenOf(oleg)}` },
    data: { token: device, platform: 'ios' },
  });
  expect(registered.status(), await registered.text()).toBe(200);

  // Vera sees Oleg on the map; then Oleg puts the phone away (the app closed, its socket gone).
  const olegInVerasList = vera.page
    .getByRole('list', { name: 'People with a raised hand' })
    .getByRole('button', { name: new RegExp(`^${oleg.nickname}, Business`) });
  await expect(olegInVerasList).toBeVisible();
  await oleg.context.close();

  await olegInVerasList.click();
  await vera.page.getByRole('button', { name: 'Chat', exact: true }).click();
  await vera.page.getByLabel('Message').fill('Coffee by the Kazan Cathedral?');
  await vera.page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(vera.page.getByLabel('Sent', { exact: true })).toBeVisible();

  const push = await waitForPush(device);
  expect(push.topic).toBe('app.meeet.ios');
  expect(push.alert).toEqual({
    title: 'Message from vera',
    body: 'Coffee by the Kazan Cathedral?',
  });
  expect(push.data).toMatchObject({ kind: 'messages' });
  await vera.context.close();
});

import { expect, test } from '@playwright/test';
import { join, raiseHand } from './support/mobile-people.ts';

// Block and unblock in the iOS app's web export (issue 43): blocking asks first, the two stop
// seeing each other, the blocked person is listed by name in Settings, and Unblock undoes it.

test('blocking asks first, hides both from each other, and Settings can undo it', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // In Kazan, about 110 m apart (other tests meet elsewhere).
  const lena = await join(browser, 'lena', { latitude: 55.7961, longitude: 49.1064 });
  const igor = await join(browser, 'igor', { latitude: 55.797, longitude: 49.1071 });
  await raiseHand(lena, 'Just chat');
  await raiseHand(igor, 'Just chat');

  const people = lena.page.getByRole('list', { name: 'People with a raised hand' });
  const igorInList = people.getByRole('button', { name: new RegExp(`^${igor.nickname}, `) });
  await igorInList.click();
  await expect(lena.page.getByRole('heading', { name: igor.nickname })).toBeVisible();

  // Block asks first; cancel changes nothing.
  await lena.page.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(lena.page.getByRole('alert')).toContainText(igor.nickname);
  await lena.page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await lena.page.getByRole('button', { name: 'Block', exact: true }).click();
  await lena.page.getByRole('button', { name: 'Yes, block' }).click();

  // Neither sees the other any more.
  await lena.page.goto('/');
  await expect(
    lena.page.getByRole('list', { name: 'People with a raised hand' }).getByRole('button', {
      name: new RegExp(`^${igor.nickname}, `),
    }),
  ).toHaveCount(0);
  await expect(
    igor.page
      .getByRole('list', { name: 'People with a raised hand' })
      .getByRole('button', { name: new RegExp(`^${lena.nickname}, `) }),
  ).toHaveCount(0);

  // Settings lists Igor by name; Unblock brings him back on the map.
  await lena.page.getByRole('tab', { name: /Settings/ }).click();
  await lena.page.getByRole('button', { name: 'Blocked people' }).click();
  await expect(lena.page.getByText(igor.nickname, { exact: true })).toBeVisible();
  await lena.page.getByRole('button', { name: `Unblock ${igor.nickname}` }).click();
  await expect(lena.page.getByText('You have not blocked anyone')).toBeVisible();
  await lena.page.getByRole('tab', { name: /Map/ }).click();
  await expect(
    lena.page
      .getByRole('list', { name: 'People with a raised hand' })
      .getByRole('button', { name: new RegExp(`^${igor.nickname}, `) }),
  ).toBeVisible();

  await Promise.all([lena.context.close(), igor.context.close()]);
});

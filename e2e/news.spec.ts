import sharp from 'sharp';
import {
  expect,
  registerUser,
  setRole,
  signIn,
  test,
  otherPersonPage,
} from './support/fixtures.ts';

async function cover(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 600, channels: 3, background: '#2255cc' } })
    .jpeg()
    .toBuffer();
}

test('an admin publishes news with a cover; a Russian reader on another page is told and reads it', async ({
  page,
  browser,
  request,
}) => {
  // Two browsers, a cover upload and a publish confirmation: more than a form's time when busy.
  test.setTimeout(90_000);
  const admin = await registerUser(request);
  setRole(admin.user.email, 'admin');
  const reader = await registerUser(request, { locale: 'ru' });

  // The reader is somewhere else in the app, in Russian, signed in.
  const readerPage = await otherPersonPage(browser, reader);
  await readerPage.addInitScript(() => localStorage.setItem('locale', 'ru'));
  await readerPage.goto('/help/faq');
  const bell = readerPage.getByRole('button', { name: /^Уведомления, непрочитанных/ });
  await expect(bell).toBeVisible();

  const stamp = Date.now();
  await signIn(page, admin);
  await page.goto('/control/news');
  await page.getByLabel('Title (English)').fill(`Summer meetups ${stamp}`);
  await page.getByLabel('Title (Russian)').fill(`Летние встречи ${stamp}`);
  await page.getByLabel('Text (English)').fill('Meet **nearby** people all summer.');
  await page.getByLabel('Text (Russian)').fill('Встречайтесь с людьми **рядом** всё лето.');
  // The preview shows both languages as readers will see them, Markdown rendered.
  await expect(
    page.getByRole('region', { name: 'Preview in Russian' }).locator('strong'),
  ).toHaveText('рядом');
  await page.getByLabel('Add cover').setInputFiles({
    name: 'cover.jpg',
    mimeType: 'image/jpeg',
    buffer: await cover(),
  });
  await expect(page.getByTestId('news-preview-cover').first()).toBeVisible();
  await page
    .getByRole('form', { name: 'Add news' })
    .getByRole('combobox', { name: 'Status' })
    .click();
  await page.getByRole('option', { name: 'Published' }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  // Publishing is asked once more; the row then opens the item where it is clicked.
  await page
    .getByRole('dialog', { name: 'Publish this news?' })
    .getByRole('button', { name: 'Publish' })
    .click();
  await expect(page.getByText('Saved.', { exact: true })).toBeVisible();
  const row = page.getByRole('table').getByRole('row').nth(1);
  await expect(row).toContainText(`Summer meetups ${stamp}`);
  await row.getByText(`Summer meetups ${stamp}`).click();
  await expect(page).toHaveURL(/\/control\/news\/\d+$/);

  // The reader hears of it on the FAQ page, in Russian, and opens it.
  const notice = readerPage.getByRole('alert').filter({ hasText: 'Новость:' });
  await expect(notice).toContainText(`Новость: Летние встречи ${stamp}`);
  await expect(bell).toHaveAccessibleName('Уведомления, непрочитанных: 1');
  await notice.getByRole('button', { name: 'Открыть' }).click();
  await expect(readerPage).toHaveURL(/\/news\/\d+$/);
  await expect(readerPage.getByRole('heading', { level: 1 })).toHaveText(`Летние встречи ${stamp}`);
  await expect(readerPage.getByRole('article').locator('strong')).toHaveText('рядом');
  await expect(readerPage.getByTestId('news-cover')).toBeVisible();
  await readerPage.context().close();
});

test('a draft stays out of the news readers see', async ({ page, request }) => {
  const admin = await registerUser(request);
  setRole(admin.user.email, 'admin');
  const stamp = Date.now();
  for (const [title, status] of [
    [`Draft ${stamp}`, 'DRAFT'],
    [`Out ${stamp}`, 'PUBLISHED'],
  ]) {
    const saved = await request.post('/api/notif/news/', {
      headers: { authorization: `Bearer ${admin.token}` },
      data: { titleEn: title, titleRu: title, bodyEn: 'x', bodyRu: 'x', status },
    });
    expect(saved.status()).toBe(200);
  }
  await page.goto('/news');
  // Once the list (newer than the draft) is on screen, the draft is known to be left out.
  await expect(page.getByText(`Out ${stamp}`)).toBeVisible();
  await expect(page.getByText(`Draft ${stamp}`)).toHaveCount(0);
});

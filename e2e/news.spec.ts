import sharp from 'sharp';
import { expect, registerUser, setRole, signIn, test } from './support/fixtures.ts';

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
  const readerContext = await browser.newContext();
  const readerPage = await readerContext.newPage();
  await readerPage.addInitScript(() => {
    localStorage.setItem('locale', 'ru');
    localStorage.setItem('cookie-dialog-hidden', 'true');
    localStorage.setItem('install-app-dialog-hidden', 'true');
  });
  await signIn(readerPage, reader);
  await readerPage.goto('/help/faq');
  await expect(readerPage.getByTestId('notifications-button')).toBeVisible();

  const stamp = Date.now();
  await signIn(page, admin);
  await page.goto('/control/news');
  await page.getByTestId('news-title-en').fill(`Summer meetups ${stamp}`);
  await page.getByTestId('news-title-ru').fill(`Летние встречи ${stamp}`);
  await page.getByTestId('news-body-en').fill('Meet **nearby** people all summer.');
  await page.getByTestId('news-body-ru').fill('Встречайтесь с людьми **рядом** всё лето.');
  // The preview shows both languages as readers will see them, Markdown rendered.
  await expect(page.getByTestId('news-preview-ru').locator('strong')).toHaveText('рядом');
  await page.getByTestId('news-cover-input').setInputFiles({
    name: 'cover.jpg',
    mimeType: 'image/jpeg',
    buffer: await cover(),
  });
  await expect(page.getByTestId('news-preview-cover').first()).toBeVisible();
  await page.getByTestId('news-form').getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Published' }).click();
  await page.getByTestId('news-submit').click();
  // Publishing is asked once more; the row then opens the item where it is clicked.
  await page
    .getByRole('dialog', { name: 'Publish this news?' })
    .getByRole('button', { name: 'Publish' })
    .click();
  await expect(page.getByTestId('news-form-result')).toHaveText('Saved.');
  const row = page.getByTestId('news-row').first();
  await expect(row).toContainText(`Summer meetups ${stamp}`);
  await row.getByText(`Summer meetups ${stamp}`).click();
  await expect(page).toHaveURL(/\/control\/news\/\d+$/);

  // The reader hears of it on the FAQ page, in Russian, and opens it.
  const notice = readerPage.getByTestId('notification');
  await expect(notice).toContainText(`Новость: Летние встречи ${stamp}`);
  await expect(readerPage.getByTestId('notifications-unread')).toContainText('1');
  await readerPage.getByTestId('notification-open').click();
  await expect(readerPage).toHaveURL(/\/news\/\d+$/);
  await expect(readerPage.getByTestId('news-title')).toHaveText(`Летние встречи ${stamp}`);
  await expect(readerPage.getByTestId('news-item').locator('strong')).toHaveText('рядом');
  await expect(readerPage.getByTestId('news-cover')).toBeVisible();
  await readerContext.close();
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

import type { Page } from '@playwright/test';
import { expect, registerUser, setRole, signIn, test } from './support/fixtures.ts';

// Issue 41: one build for every deployment, production too, with the control area in it as
// chunks of their own. The e2e server serves the same production build the image does.
const CONTROL_CHUNK = /\/assets\/(feature-control|control-guards)-/;

/** The script files the page fetched, by path. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

test('an admin works in /control of the production build, whose chunks a user never downloads', async ({
  page,
  browser,
  request,
}) => {
  // A user's first visit, and a signed-in user's home: nothing of the control area.
  const user = await registerUser(request);
  const userPage = await browser.newPage();
  const userScripts = scriptsOf(userPage);
  await userPage.goto('/');
  await expect(userPage.getByRole('heading', { level: 1 })).toBeVisible();
  await userPage.waitForLoadState('networkidle');
  await signIn(userPage, user);
  await userPage.goto('/');
  await expect(userPage.getByRole('heading', { level: 1 })).toBeVisible();
  await userPage.waitForLoadState('networkidle');
  expect(userScripts.length).toBeGreaterThan(0);
  expect(userScripts.filter((path) => CONTROL_CHUNK.test(path))).toEqual([]);
  await userPage.close();

  // An admin opens /control and gets the monitor with live figures.
  const admin = await registerUser(request);
  setRole(admin.user.email, 'admin');
  const adminScripts = scriptsOf(page);
  await signIn(page, admin);
  await page.goto('/control');
  await expect(page).toHaveURL(/\/control\/monitor$/);
  const total = page.getByTestId('monitor-users-total');
  await expect(total).toBeVisible();
  const before = Number((await total.innerText()).trim());
  await registerUser(request);
  await expect(total).toHaveText(String(before + 1));
  expect(adminScripts.some((path) => CONTROL_CHUNK.test(path))).toBe(true);
});

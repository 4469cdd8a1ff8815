import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { waitForMail } from './mailbox.ts';
import { e2eServerInfo, repoRoot } from './server.ts';

export { expect };

export const PASSWORD = 'Meeet-Pass-2026';

/**
 * The value a description list gives for a term (`<dt>Price</dt><dd>100 USDT</dd>`), found as a
 * person reads "Price: 100 USDT". ARIA does not let a `<dd>` carry a name, so no getByRole.
 */
export function definition(scope: Page | Locator, term: string): Locator {
  return scope.locator(`dt:text-is(${JSON.stringify(term)}) + dd`);
}

let sequence = 0;
/** An address no other test (or earlier run against the same database) has used. */
export function uniqueEmail(prefix = 'user'): string {
  sequence += 1;
  return `${prefix}.${Date.now()}.${process.pid}.${sequence}@example.com`;
}

export interface AuthRecord {
  token: string;
  user: { id: number; email: string; role: string; [field: string]: unknown };
}

/** Registers through the API, as the register screen does. */
export async function registerUser(
  request: APIRequestContext,
  overrides: Record<string, unknown> = {},
): Promise<AuthRecord> {
  const response = await request.post('/api/user/register', {
    data: { email: uniqueEmail(), password: PASSWORD, acceptTerms: true, ...overrides },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as AuthRecord;
}

/** A complete profile (spec §4: bdate, domain, first and last name, gender). */
export async function completeProfile(request: APIRequestContext, auth: AuthRecord) {
  const response = await request.post('/api/user/profile-update', {
    headers: { authorization: `Bearer ${auth.token}` },
    data: {
      firstName: 'Anna',
      lastName: 'Tester',
      domain: `anna${auth.user.id}`,
      gender: 1,
      bdate: '1990-05-17T00:00:00.000Z',
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

/** A user whose e-mail is confirmed (code read from the delivered mail) and profile complete. */
export async function readyUser(request: APIRequestContext): Promise<AuthRecord> {
  const since = Date.now();
  const auth = await registerUser(request);
  const headers = { authorization: `Bearer ${auth.token}` };
  const sent = await request.post('/api/user/email/verify/send-code', { headers, data: {} });
  // 429: a code went out a moment ago (at registration); that mail carries it.
  expect([200, 429], await sent.text()).toContain(sent.status());
  const mail = await waitForMail(auth.user.email, { since });
  const checked = await request.post(`/api/user/email/verify/check/${mail.code}`, {
    headers,
    data: {},
  });
  expect(checked.status(), await checked.text()).toBe(200);
  await completeProfile(request, auth);
  return auth;
}

/**
 * Gives a user a role with the project's own command, against the test server's database; a
 * moderator may be given the levels they moderate ("silver,gold").
 */
export function setRole(
  email: string,
  role: 'user' | 'moderator' | 'admin',
  levels?: string,
): void {
  const { dataDir, pgPort } = e2eServerInfo();
  const args = [
    'tsx',
    'apps/server/src/cli/user-role.ts',
    email,
    role,
    ...(levels ? [levels] : []),
  ];
  execFileSync('npx', args, {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PG_PORT: pgPort,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
    },
    stdio: 'pipe',
  });
}

/**
 * Starts the page signed in: the auth record (spec §3, key `auth`) and the socket's
 * `accessKey`, written once before the app's first script runs.
 */
export async function signIn(page: Page, auth: AuthRecord): Promise<void> {
  await page.addInitScript((record) => {
    if (sessionStorage.getItem('e2e-signed-in')) return;
    sessionStorage.setItem('e2e-signed-in', '1');
    localStorage.setItem('auth', JSON.stringify(record));
    localStorage.setItem('accessKey', record.token);
  }, auth);
}

/** Keeps the cookie banner and the install-app dialog out of tests about other things. */
export async function hideConsentPrompts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (localStorage.getItem('cookie-dialog-hidden') === null) {
      localStorage.setItem('cookie-dialog-hidden', 'true');
    }
    if (localStorage.getItem('install-app-dialog-hidden') === null) {
      localStorage.setItem('install-app-dialog-hidden', 'true');
    }
  });
}

/**
 * Another person's browser beside the test's own: a fresh context without consent prompts,
 * signed in as `auth` when given. Close it with `page.context().close()`.
 */
export async function otherPersonPage(browser: Browser, auth?: AuthRecord): Promise<Page> {
  const page = await browser.newContext().then((context) => context.newPage());
  await hideConsentPrompts(page);
  if (auth) await signIn(page, auth);
  return page;
}

/** Every test starts without consent prompts unless it asks for them (`consentPrompts: true`). */
export const test = base.extend<{ consentPrompts: boolean }>({
  consentPrompts: [false, { option: true }],
  page: async ({ page, consentPrompts }, use) => {
    if (!consentPrompts) await hideConsentPrompts(page);
    await use(page);
  },
});

import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { PASSWORD, readyUser } from './fixtures.ts';

export interface Phone {
  page: Page;
  email: string;
  /** The session token the phone started with. */
  token: string;
  nickname: string;
}

/**
 * A person with a confirmed e-mail and a complete profile, signed in on a phone of their own
 * (the app's web export): the app's storage entries (spec §3) hold the auth record, the
 * socket's key and the fingerprint when the first page loads; a later sign-in is the app's own.
 */
export async function signedInPhone(browser: Browser, request: APIRequestContext): Promise<Phone> {
  const { user } = await readyUser(request);
  const fp = `e2e-phone-${randomUUID()}`;
  const login = await request.post('/api/user/login', {
    headers: { 'x-fp': fp },
    data: { email: user.email, password: PASSWORD },
  });
  expect(login.status(), await login.text()).toBe(200);
  const auth = (await login.json()) as { token: string; user: { domain: string | null } };
  const context = await browser.newContext({ locale: 'en-US' });
  await context.addInitScript(
    ([record, token, fingerprint]) => {
      if (sessionStorage.getItem('e2e-signed-in')) return;
      sessionStorage.setItem('e2e-signed-in', '1');
      localStorage.setItem('auth', record);
      localStorage.setItem('accessKey', token);
      localStorage.setItem('fp', fingerprint);
    },
    [JSON.stringify(auth), auth.token, fp] as const,
  );
  const page = await context.newPage();
  return { page, email: user.email, token: auth.token, nickname: auth.user.domain ?? '' };
}

import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { PASSWORD, readyUser, type AuthRecord } from './fixtures.ts';

export interface Phone {
  page: Page;
  email: string;
  /** The session token the phone started with. */
  token: string;
  /** The phone's sign-in (token and user), for the same person on the web. */
  auth: AuthRecord;
  nickname: string;
}

/**
 * How project "mobile" opens the app's web export (its address, an iPhone's size and touch), so
 * a test of another project can give a person a phone too: a context takes its project's options.
 */
function appContextOptions(): BrowserContextOptions {
  const mobile = test.info().config.projects.find((project) => project.name === 'mobile');
  const { baseURL, viewport, deviceScaleFactor, isMobile, hasTouch } = mobile?.use ?? {};
  return { baseURL, viewport, deviceScaleFactor, isMobile, hasTouch };
}

/**
 * A person with a confirmed e-mail and a complete profile, signed in on a phone of their own
 * (the app's web export): the app's storage entries (spec §3) hold the auth record, the
 * socket's key and the fingerprint when the first page loads; a later sign-in is the app's own.
 */
export async function signedInPhone(
  browser: Browser,
  request: APIRequestContext,
  /** Where the phone is, allowed to tell the app (a hand is raised there); none: no location. */
  at?: { latitude: number; longitude: number },
): Promise<Phone> {
  const { user } = await readyUser(request);
  const fp = `e2e-phone-${randomUUID()}`;
  const login = await request.post('/api/user/login', {
    headers: { 'x-fp': fp },
    data: { email: user.email, password: PASSWORD },
  });
  expect(login.status(), await login.text()).toBe(200);
  const auth = (await login.json()) as AuthRecord & { user: { domain: string | null } };
  const context = await browser.newContext({
    ...appContextOptions(),
    locale: 'en-US',
    ...(at && { geolocation: { ...at, accuracy: 8 }, permissions: ['geolocation'] }),
  });
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
  return { page, email: user.email, token: auth.token, auth, nickname: auth.user.domain ?? '' };
}

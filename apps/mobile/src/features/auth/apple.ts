import * as WebBrowser from 'expo-web-browser';
import { authResponseSchema, userPrivateSchema } from '@meeet/core/api/user';
import { userPaths } from '@meeet/core/api/user-paths';
import { api, buildUrl } from '../../lib/api.ts';
import { webAppUrl } from '../../lib/config.ts';
import { currentLocale } from '../../lib/locale-state.ts';
import { saveAuth } from '../../lib/session.ts';

/**
 * Sign in with Apple through the server's own flow (spec §7: /api/user/apple), opened in the
 * system's authentication session. The server ends at /apple-login#token=… for a known Apple
 * ID or #ticket=… for a new one (registration finishes with the ticket), or #error=….
 */
export type AppleOutcome =
  | { kind: 'signed-in' }
  | { kind: 'ticket'; ticket: string }
  | { kind: 'error'; error: string }
  | null;

export async function signInWithApple(): Promise<AppleOutcome> {
  const back = `${webAppUrl()}/apple-login`;
  const session = await WebBrowser.openAuthSessionAsync(buildUrl(userPaths.apple), back);
  if (session.type !== 'success') return null;
  const fragment = new URLSearchParams(session.url.split('#')[1] ?? '');
  const token = fragment.get('token');
  const ticket = fragment.get('ticket');
  if (token) {
    const me = await fetch(buildUrl(userPaths.me), {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    });
    const user = userPrivateSchema.safeParse(await me.json());
    if (!me.ok || !user.success) return { kind: 'error', error: 'ERROR' };
    await saveAuth({ token, user: user.data });
    return { kind: 'signed-in' };
  }
  if (ticket) return { kind: 'ticket', ticket };
  return { kind: 'error', error: fragment.get('error') ?? 'ERROR' };
}

/** A new Apple ID: the person confirms they are an adult and accept the terms first. */
export async function finishAppleRegistration(ticket: string): Promise<string | null> {
  const result = await api.post(
    userPaths.appleSuccessRegistration,
    { ticket, acceptTerms: true, locale: currentLocale() },
    authResponseSchema,
  );
  if (!result.ok) return result.error;
  await saveAuth(result.data);
  return null;
}

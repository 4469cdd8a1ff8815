import type { ReactElement } from 'react';
import { render } from '@testing-library/react-native';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Locale } from '@meeet/core/i18n/locale';
import type { UserPrivate } from '@meeet/core/api/user';
import { localeStore } from '../src/lib/locale-state.ts';
import { sessionStore } from '../src/lib/session.ts';

/** A reply of the fake server: a body with its status, or never (the loading state). */
export type Reply = { status?: number; body?: unknown } | 'pending';
type Route = Reply | ((request: { url: URL; body: unknown }) => Reply);

/**
 * The network at its edge: `fetch` answers from a table of 'METHOD /api/path' routes, so the
 * screens run their real API client, schemas and error handling. Unlisted calls fail loudly.
 */
export function fakeServer(routes: Record<string, Route>) {
  const calls: { method: string; path: string; body: unknown; headers: Record<string, string> }[] =
    [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({
      method,
      path: url.pathname,
      body,
      headers: (init?.headers ?? {}) as Record<string, string>,
    });
    const route = routes[`${method} ${url.pathname}`];
    if (!route) throw new Error(`No fake route for ${method} ${url.pathname}`);
    const reply = typeof route === 'function' ? route({ url, body }) : route;
    if (reply === 'pending') return new Promise<Response>(() => undefined);
    const status = reply.status ?? 200;
    return {
      ok: status >= 200 && status < 300,
      status,
      text: async () => (reply.body === undefined ? '' : JSON.stringify(reply.body)),
    } as Response;
  }) as typeof fetch;
  return calls;
}

export const me: UserPrivate = {
  id: 1,
  email: 'anna@example.com',
  emailVerified: true,
  firstName: 'Anna',
  lastName: 'Tester',
  surName: null,
  fullName: 'Anna Tester',
  domain: 'anna',
  gender: 1,
  bdate: '1990-05-17T00:00:00.000Z',
  phone: null,
  country: null,
  locale: 'en',
  role: 'user',
  referralLevel: 'human',
  promocode: null,
  deviceLock: null,
  referralCode: 'MEEET1',
  kycStatus: 'draft',
  hasPassword: true,
  deviceLockUntil: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

export function signedIn(user: Partial<UserPrivate> = {}): void {
  sessionStore.set({ ready: true, auth: { token: 'token-1', user: { ...me, ...user } } });
}

export function signedOut(): void {
  sessionStore.set({ ready: true, auth: null });
}

/** Renders a screen as the app does (query cache, language). */
export async function renderScreen(ui: ReactElement, locale: Locale = 'en') {
  localeStore.set(locale);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: 0 } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

export const card = (userId: number, nickname: string) => ({
  userId,
  nickname,
  firstName: nickname,
  avatar: `/api/media/avatar/${userId}/small`,
  verified: false,
  levels: [0 as const],
});

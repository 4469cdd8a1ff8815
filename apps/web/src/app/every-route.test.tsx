import { act, cleanup, render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../test/api-server.ts';
import type { UserPrivate } from '@meeet/core/api/user';
import { messages } from '@meeet/core/i18n/messages';
import { webRoutes } from '@meeet/core/web/routes';
import i18n from '../i18n/i18n.ts';
import { useAuthStore } from '../lib/stores/auth-store.ts';
import { AppContent } from './app.tsx';
import { AppProvider } from './provider.tsx';
import { apiAnswer } from '../../test/every-route-api.ts';

// Issue 46: every page of the shared route table, in both languages, as a guest and signed
// in (an admin, so the control area renders too), shows words — no raw `{…}` placeholder, no
// message key, no "NaN" or "undefined". The API answers from fixtures (apps/web/test/every-route-api.ts).

// No server to talk to: the live connection stays off.
vi.mock('../lib/socket.ts', () => ({
  connect: () => Promise.resolve(),
  disconnect: () => {},
  emit: () => {},
  on: () => {},
  off: () => {},
}));

type Tree = string | { readonly [key: string]: Tree };
const flatten = (tree: Tree): string[] =>
  typeof tree === 'string' ? [tree] : Object.values(tree).flatMap(flatten);
const SAMPLE_PARAMS: Record<string, string> = { id: '1', promocode: 'K7PQ2M9X' };
const pages = flatten(webRoutes).map((pattern) =>
  pattern.replace(/:(\w+)/g, (_, name: string) => SAMPLE_PARAMS[name] ?? '1'),
);

// Every key of every catalogue: a key that shows means its words were not found.
const catalogues = import.meta.glob<{ default: Record<string, unknown> }>(
  ['../features/*/locales/*.ts', '../components/*/locales/*.ts', '../i18n/locales/*.ts'],
  { eager: true },
);
const keyPaths = (tree: Record<string, unknown>, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? [path, ...keyPaths(value as Record<string, unknown>, path)]
      : [path];
  });
const KEYS = new Set(
  [
    ...Object.values(catalogues).flatMap((module) => keyPaths(module.default)),
    ...Object.keys(messages.en),
  ].filter((key) => /[.-]/.test(key)),
);

/** What is wrong with a page's words, one line per problem. */
function problemsIn(root: HTMLElement): string[] {
  const problems: string[] = [];
  const texts: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim();
    if (text) texts.push(text);
  }
  for (const element of root.querySelectorAll('[placeholder],[aria-label],[title],[alt]')) {
    for (const name of ['placeholder', 'aria-label', 'title', 'alt']) {
      const value = element.getAttribute(name)?.trim();
      if (value) texts.push(value);
    }
  }
  for (const text of texts) {
    const raw = /\{[^{}]*\}/.exec(text);
    if (raw) problems.push(`raw placeholder ${raw[0]} in "${text}"`);
    if (/\bNaN\b/.test(text)) problems.push(`NaN in "${text}"`);
    if (/\bundefined\b/.test(text)) problems.push(`undefined in "${text}"`);
    if (/\bnull\b/.test(text)) problems.push(`null in "${text}"`);
    for (const word of text.split(/[\s,;:()«»"“”]+/)) {
      const bare = word.replace(/[.!?…]+$/, '');
      if (KEYS.has(bare)) problems.push(`message key ${bare} in "${text}"`);
    }
  }
  return problems;
}

const ADMIN: UserPrivate = {
  id: 1,
  email: 'admin@meeet.test',
  emailVerified: true,
  firstName: 'Anna',
  lastName: 'Admin',
  surName: null,
  fullName: 'Anna Admin',
  domain: 'anna',
  gender: 1,
  bdate: '1990-05-17T00:00:00.000Z',
  phone: null,
  country: 'DE',
  locale: 'en',
  role: 'admin',
  referralLevel: 'human',
  promocode: null,
  referralCode: 'K7PQ2M9X',
  kycStatus: 'approved',
  hasPassword: true,
  deviceLockUntil: null,
  deviceLock: null,
  createdAt: '2026-01-02T10:00:00.000Z',
  updatedAt: '2026-01-02T10:00:00.000Z',
};

let pendingCalls = 0;

beforeEach(() => {
  server.use(
    http.all('*', ({ request }) => {
      pendingCalls++;
      try {
        const signedIn = useAuthStore.getState().token !== null;
        const answer = apiAnswer(new URL(request.url), request.method, signedIn ? ADMIN : null);
        return HttpResponse.json(answer.body as JsonBodyType, { status: answer.status });
      } finally {
        // Counted down once the caller has the response in hand (a microtask later).
        queueMicrotask(() => pendingCalls--);
      }
    }),
  );
});
afterEach(() => {
  cleanup();
  useAuthStore.getState().clear();
  localStorage.clear();
});

async function renderPage(path: string): Promise<HTMLElement> {
  // Awaited, so the lazy screens that suspend are let in.
  const { container } = await act(async () =>
    render(
      <AppProvider>
        <MemoryRouter initialEntries={[path]}>
          <AppContent />
        </MemoryRouter>
      </AppProvider>,
    ),
  );
  // Settled: lazy screens and their words are in, no call is pending, nothing spins.
  await waitFor(
    () => {
      expect(pendingCalls).toBe(0);
      expect(container.querySelector('main, [role="main"]')?.textContent?.trim()).toBeTruthy();
      expect(container.querySelector('[role="progressbar"]')).toBeNull();
    },
    { timeout: 10_000 },
  );
  return container;
}

describe.each(['en', 'ru'] as const)('every route in %s', (locale) => {
  beforeAll(async () => {
    await act(() => i18n.changeLanguage(locale));
  });

  describe.each(['guest', 'signed in'] as const)('as %s', (who) => {
    it.each(pages)(
      '%s shows words, not placeholders or keys',
      { timeout: 20_000 },
      async (path) => {
        if (who === 'signed in') useAuthStore.getState().setAuth({ token: 'token-1', user: ADMIN });
        const page = await renderPage(path);
        expect(problemsIn(page), `${path} (${locale}, ${who})`).toEqual([]);
      },
    );
  });
});

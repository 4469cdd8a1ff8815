import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import i18n from '../i18n/i18n.ts';
import { STORAGE_KEYS } from '../lib/storage.ts';
import { ConsentPrompts } from './consent-prompts.tsx';

const FLAG = STORAGE_KEYS.cookieDialogHidden;

function renderPrompts() {
  render(
    <MemoryRouter>
      <ConsentPrompts />
    </MemoryRouter>,
  );
}

async function flush() {
  await act(async () => {
    await vi.dynamicImportSettled();
  });
  await act(async () => {
    await Promise.resolve();
  });
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  await flush();
}

function checked(testId: string): boolean {
  return (screen.getByTestId(testId) as HTMLInputElement).checked;
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  localStorage.clear();
  sessionStorage.clear();
  // Desktop width so the install-app offer stays out of the way.
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    onchange: null,
    dispatchEvent: () => false,
  }));
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('cookie banner (spec §4)', () => {
  it('appears 3000 ms after load, not before', async () => {
    renderPrompts();
    await advance(2999);
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
    await advance(1);
    screen.getByTestId('cookie-banner');
  });

  it('stays hidden when the flag is in local storage', async () => {
    localStorage.setItem(FLAG, 'true');
    renderPrompts();
    await advance(5000);
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
  });

  it('stays hidden when the flag is in session storage', async () => {
    sessionStorage.setItem(FLAG, 'true');
    renderPrompts();
    await advance(5000);
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
  });

  it('accept ticks all three, waits 500 ms, stores the flag in local storage and hides', async () => {
    renderPrompts();
    await advance(3000);
    fireEvent.click(screen.getByTestId('cookie-accept'));
    expect(checked('cookie-consent-terms')).toBe(true);
    expect(checked('cookie-consent-analytics')).toBe(true);
    expect(checked('cookie-consent-ads')).toBe(true);

    await advance(499);
    expect(localStorage.getItem(FLAG)).toBeNull();
    screen.getByTestId('cookie-banner');

    await advance(1);
    expect(localStorage.getItem(FLAG)).toBe('true');
    expect(sessionStorage.getItem(FLAG)).toBeNull();
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
  });

  it('reject ticks only terms, waits 500 ms, stores the flag in session storage only and hides', async () => {
    renderPrompts();
    await advance(3000);
    fireEvent.click(screen.getByTestId('cookie-consent-analytics'));
    expect(checked('cookie-consent-analytics')).toBe(true);
    fireEvent.click(screen.getByTestId('cookie-reject'));
    expect(checked('cookie-consent-terms')).toBe(true);
    expect(checked('cookie-consent-analytics')).toBe(false);
    expect(checked('cookie-consent-ads')).toBe(false);

    await advance(499);
    expect(sessionStorage.getItem(FLAG)).toBeNull();

    await advance(1);
    expect(sessionStorage.getItem(FLAG)).toBe('true');
    expect(localStorage.getItem(FLAG)).toBeNull();
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
  });

  it('toggles Show more / Roll up', async () => {
    renderPrompts();
    await advance(3000);
    const toggle = screen.getByTestId('cookie-toggle');
    expect(toggle.textContent).toBe('Show more');
    fireEvent.click(toggle);
    expect(toggle.textContent).toBe('Roll up');
    fireEvent.click(toggle);
    expect(toggle.textContent).toBe('Show more');
  });
});

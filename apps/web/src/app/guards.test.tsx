import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { UserPrivate } from '@meeet/core/api/user';
import { useAuthStore } from '../lib/stores/auth-store.ts';
import { GuestOnly } from './guards.tsx';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function landingOf(url: string): string {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route element={<GuestOnly />}>
          <Route path="/auth/login" element={<p>login form</p>} />
        </Route>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  return screen.getByTestId('where').textContent ?? '';
}

afterEach(() => {
  cleanup();
  useAuthStore.getState().clear();
});

// Issue 46: a guest who pressed "Buy" signs in and returns to the token or level they chose.
describe('a signed-in visitor on the login page', () => {
  const signIn = () =>
    useAuthStore.getState().setAuth({ token: 'token-1', user: { id: 1 } as UserPrivate });

  it('goes back to the page `next` names when it is a page of this site', () => {
    signIn();
    expect(landingOf('/auth/login?next=%2Fmarket%2Ftoken%2F12')).toBe('/market/token/12');
  });

  it('goes to the account instead of a page of another site', () => {
    signIn();
    expect(landingOf('/auth/login?next=https%3A%2F%2Fevil.example%2F')).toBe('/account');
    cleanup();
    expect(landingOf('/auth/login?next=%2F%2Fevil.example')).toBe('/account');
  });
});

import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@meeet/core/roles';
import i18n from '../../i18n/i18n.ts';
import { useAuthStore } from '../../lib/stores/auth-store.ts';
import AccountMenu from './account-menu.tsx';

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  useAuthStore.getState().clear();
});

function openMenuAs(role: Role) {
  useAuthStore.getState().setAuth({ token: 'token', user: { id: 1, role } });
  render(
    <MemoryRouter>
      <AccountMenu anchor={document.body} onClose={() => undefined} />
    </MemoryRouter>,
  );
  return screen.getAllByRole('menuitem').map((item) => item.textContent);
}

describe('account menu', () => {
  it('gives a user their data, wallet and logout, without the control area', () => {
    expect(openMenuAs(Role.USER)).toEqual(['Personal data', 'Wallet', 'Log out']);
  });

  it('adds the control area for a moderator, linked to it', () => {
    expect(openMenuAs(Role.MODERATOR)).toEqual([
      'Personal data',
      'Wallet',
      'Control area',
      'Log out',
    ]);
    expect(screen.getByRole('menuitem', { name: 'Control area' }).getAttribute('href')).toBe(
      '/control',
    );
  });
});

import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../lib/stores/auth-store.ts';
import type RequireControlAccessType from './control-guards.tsx';

const role = vi.hoisted(() => ({ current: 'admin' }));
vi.mock('../lib/current-user.ts', () => ({
  useCurrentUser: () => ({ isPending: false, data: { role: role.current } }),
}));

let RequireControlAccess: typeof RequireControlAccessType;

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/" element={<p>home</p>} />
        <Route path="/control" element={<RequireControlAccess />}>
          <Route index element={<p>control area</p>} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

// Issue 41: the control area is in every build; a production one used to send everyone home.
describe('the control area in a production build', () => {
  beforeAll(async () => {
    vi.stubEnv('VITE_APP_ENV', 'production');
    ({ default: RequireControlAccess } = await import('./control-guards.tsx'));
  });
  afterAll(() => vi.unstubAllEnvs());
  afterEach(() => {
    cleanup();
    useAuthStore.getState().clear();
  });

  it('opens to an admin', () => {
    role.current = 'admin';
    useAuthStore.getState().setAuth({ token: 'admin-token' });
    renderAt('/control');
    screen.getByText('control area');
    expect(screen.queryByText('home')).toBeNull();
  });

  it('still sends a user and a guest home (the server refuses them anyway)', () => {
    role.current = 'user';
    useAuthStore.getState().setAuth({ token: 'user-token' });
    renderAt('/control');
    screen.getByText('home');
    expect(screen.queryByText('control area')).toBeNull();
    cleanup();
    useAuthStore.getState().clear();
    renderAt('/control');
    screen.getByText('home');
    expect(screen.queryByText('control area')).toBeNull();
  });
});

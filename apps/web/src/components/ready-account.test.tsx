import { cleanup, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serveApi } from '../../test/api-server.ts';
import { renderPage } from '../../test/render-page.tsx';
import { paths } from '../app/paths.ts';
import { useAuthStore } from '../lib/stores/auth-store.ts';
import { ReadyAccount } from './ready-account.tsx';

const complete = {
  id: 7,
  emailVerified: true,
  firstName: 'Anna',
  lastName: 'Tester',
  domain: 'anna7',
  gender: 1,
  bdate: '1990-05-17T00:00:00.000Z',
};

/** /user/me answers with `user` once the returned function is called. */
function answerMe(user: Record<string, unknown>) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  serveApi({
    'GET /api/user/me': async () => {
      await released;
      return user;
    },
  });
  return release;
}

function renderGate() {
  renderPage(
    <Routes>
      <Route
        path="/market"
        element={
          <ReadyAccount>
            <p>The market</p>
          </ReadyAccount>
        }
      />
      <Route path={paths.auth.confirmEmail.path} element={<p>Confirm your e-mail</p>} />
      <Route path={paths.auth.updateProfile.path} element={<p>Complete your profile</p>} />
    </Routes>,
    { route: '/market' },
  );
}

beforeEach(() => {
  useAuthStore.getState().setAuth({ token: 'jwt-token', user: { id: 7 } });
});
afterEach(() => {
  cleanup();
  useAuthStore.getState().clear();
});

describe('ReadyAccount', () => {
  it('shows a spinner until /user/me answers, then what it guards', async () => {
    const answer = answerMe(complete);
    renderGate();
    screen.getByRole('progressbar');
    expect(screen.queryByText('The market')).toBeNull();
    answer();
    await screen.findByText('The market');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('sends a user whose e-mail is not confirmed to confirm it', async () => {
    const answer = answerMe({ ...complete, emailVerified: false });
    renderGate();
    answer();
    await screen.findByText('Confirm your e-mail');
    expect(screen.queryByText('The market')).toBeNull();
  });

  it('sends a user with an incomplete profile to complete it', async () => {
    const answer = answerMe({ ...complete, domain: null });
    renderGate();
    answer();
    await screen.findByText('Complete your profile');
  });
});

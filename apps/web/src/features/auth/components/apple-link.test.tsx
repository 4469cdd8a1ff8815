import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { serveApi } from '../../../../test/api-server.ts';
import { renderPage } from '../../../../test/render-page.tsx';
import { AppleLink } from './apple-link.tsx';

function renderLink() {
  renderPage(
    <>
      <AppleLink label="Sign in with Apple" testId="login-apple" />
      <p>form</p>
    </>,
  );
}

afterEach(cleanup);

describe('AppleLink', () => {
  it('shows the Apple button when the server has Sign in with Apple configured', async () => {
    serveApi({ 'GET /api/user/apple/status': () => ({ enabled: true }) });
    renderLink();
    const link = await screen.findByRole('link', { name: 'Sign in with Apple' });
    expect(link.getAttribute('href')).toBe('/api/user/apple');
  });

  it('shows no button while it is not configured', async () => {
    const sent = serveApi({ 'GET /api/user/apple/status': () => ({ enabled: false }) });
    renderLink();
    await waitFor(() => expect(sent.map((r) => r.path)).toContain('/api/user/apple/status'));
    await screen.findByText('form');
    expect(screen.queryByRole('link', { name: 'Sign in with Apple' })).toBeNull();
  });

  it('shows no button when the server cannot say', async () => {
    serveApi({
      'GET /api/user/apple/status': () =>
        Response.json({ code: 'INTERNAL_ERROR', message: 'x' }, { status: 500 }),
    });
    renderLink();
    await screen.findByText('form');
    expect(screen.queryByRole('link', { name: 'Sign in with Apple' })).toBeNull();
  });
});

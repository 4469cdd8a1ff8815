import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { serveApi } from '../../../test/api-server.ts';
import { paths } from '../../app/paths.ts';
import ReferralRedirect from './referral-redirect.tsx';

function Register() {
  const location = useLocation();
  return <p>register {location.search}</p>;
}

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: paths.referral.path, element: <ReferralRedirect /> },
      { path: paths.auth.register.path, element: <Register /> },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
}

describe('/ref/{promocode}', () => {
  it('counts the click and leads to registration with the code', async () => {
    const sent = serveApi({ 'GET /api/referral/track/:code': () => ({ counted: true }) });
    renderAt('/ref/MEEET1F');
    await screen.findByText('register ?promocode=MEEET1F');
    await waitFor(() => expect(sent.map((r) => r.path)).toEqual(['/api/referral/track/MEEET1F']));
  });

  it('still leads to registration when the code is invalid', async () => {
    serveApi({
      'GET /api/referral/track/:code': () =>
        Response.json({ code: 'VALIDATION_ERROR', message: 'Invalid promocode' }, { status: 400 }),
    });
    renderAt('/ref/NOPE');
    await screen.findByText('register ?promocode=NOPE');
  });
});

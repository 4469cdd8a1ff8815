import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../app/paths.ts';
import ReferralRedirect from './referral-redirect.tsx';

afterEach(() => vi.unstubAllGlobals());

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
    const fetchMock = vi.fn(async () => Response.json({ counted: true }));
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/ref/MEEET1F');
    await screen.findByText('register ?promocode=MEEET1F');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect((fetchMock.mock.calls[0] as unknown[])[0]).toBe('/api/referral/track/MEEET1F');
  });

  it('still leads to registration when the code is invalid', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ code: 'VALIDATION_ERROR', message: 'Invalid promocode' }, { status: 400 }),
      ),
    );
    renderAt('/ref/NOPE');
    await screen.findByText('register ?promocode=NOPE');
  });
});

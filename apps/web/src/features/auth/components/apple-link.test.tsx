import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppleLink } from './apple-link.tsx';

function renderLink() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AppleLink label="Sign in with Apple" testId="login-apple" />
      <p>form</p>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AppleLink', () => {
  it('shows the Apple button when the server has Sign in with Apple configured', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ enabled: true })),
    );
    renderLink();
    const link = await screen.findByRole('link', { name: 'Sign in with Apple' });
    expect(link.getAttribute('href')).toBe('/api/user/apple');
  });

  it('shows no button while it is not configured', async () => {
    const fetchMock = vi.fn(async () => Response.json({ enabled: false }));
    vi.stubGlobal('fetch', fetchMock);
    renderLink();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await screen.findByText('form');
    expect(screen.queryByRole('link', { name: 'Sign in with Apple' })).toBeNull();
  });

  it('shows no button when the server cannot say', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ code: 'INTERNAL_ERROR', message: 'x' }, { status: 500 })),
    );
    renderLink();
    await screen.findByText('form');
    expect(screen.queryByRole('link', { name: 'Sign in with Apple' })).toBeNull();
  });
});

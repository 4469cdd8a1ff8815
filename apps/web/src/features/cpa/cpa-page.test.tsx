import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CpaPostback, CpaStats } from '@meeet/core/api/cpa';
import i18n from '../../i18n/i18n.ts';
import { useAuthStore } from '../../lib/stores/auth-store.ts';
import CpaPage from './cpa-page.tsx';
import { NS } from './i18n.ts';
import { serveApi } from '../../../test/api-server.ts';
import { renderPage } from '../../../test/render-page.tsx';

// The chart library draws SVG from measured sizes; the page's own job is to pass the days.
vi.mock('./components/daily-chart.tsx', () => ({
  default: ({ days, labels }: { days: CpaStats['days']; labels: { title: string } }) => (
    <figure aria-label={labels.title}>{days.length} days</figure>
  ),
}));

const U = 10n ** 18n;
const totals = {
  hits: 4,
  regs: 2,
  value: String(100n * U),
  profit: String(3n * U),
  paid: String(U),
};
const stats: CpaStats = {
  from: '2026-10-25',
  to: '2026-11-23',
  totals,
  days: Array.from({ length: 30 }, (_, i) => ({
    day: `2026-11-${String(i + 1).padStart(2, '0')}`,
    hits: i === 29 ? 4 : 0,
    regs: i === 29 ? 2 : 0,
    value: '0',
    profit: '0',
    paid: '0',
  })),
  links: [{ linkId: 'AbCd234xyz', name: 'Spring campaign', ...totals }],
  unpaid: String(2n * U),
};
const postback: CpaPostback = {
  id: 31,
  conversionId: 8,
  linkId: 'AbCd234xyz',
  action: 'fill_profile',
  url: 'https://tracker.example/pb?cid=clk-1&a=fill_profile',
  status: 'pending',
  nextAttemptAt: '2026-11-23T12:05:00.000Z',
  createdAt: '2026-11-23T12:00:00.000Z',
  attempts: [
    {
      attempt: 1,
      at: '2026-11-23T12:00:00.000Z',
      ok: false,
      statusCode: 500,
      durationMs: 41,
      error: 'HTTP 500',
    },
  ],
};

beforeEach(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces([NS, 'core']);
});
afterEach(() => {
  cleanup();
  useAuthStore.getState().clear();
});

describe('advertising cabinet', () => {
  it('offers the advertising platform sign-in to a visitor', () => {
    serveApi({});
    renderPage(<CpaPage />);
    const signIn = screen.getByRole('link', { name: 'Login to the advertising platform' });
    expect(signIn.getAttribute('href')).toBe('/auth/login?platform=cpa');
  });

  it('shows totals, the chart, links, conversions and the postback log with resend', async () => {
    useAuthStore.getState().setAuth({ token: 'token', user: { id: 5 } });
    const calls = serveApi({
      'GET /api/cpa/stats': () => Response.json(stats),
      'GET /api/cpa/conversions': () =>
        Response.json({
          items: [
            {
              id: 8,
              linkId: 'AbCd234xyz',
              linkName: 'Spring campaign',
              action: 'fill_profile',
              clickId: 'clk-1',
              payout: String(U / 2n),
              flagged: false,
              paid: false,
              createdAt: '2026-11-23T12:00:00.000Z',
            },
          ],
          total: 1,
          offset: 0,
          limit: 10,
        }),
      'GET /api/cpa/postbacks': () =>
        Response.json({ items: [postback], total: 1, offset: 0, limit: 10 }),
      'POST /api/cpa/postbacks/31/resend': () =>
        Response.json({ ...postback, status: 'delivered', nextAttemptAt: null }),
    });
    renderPage(<CpaPage />);
    expect(await screen.findByTestId('cpa-totals.hits')).toHaveProperty('textContent', '4');
    expect(screen.getByTestId('cpa-totals.value').textContent).toBe('100 USDT');
    expect(screen.getByTestId('cpa-totals.unpaid').textContent).toBe('2 USDT');
    await screen.findByRole('figure', { name: 'Hits and registrations per day' });
    const links = screen.getByRole('table', { name: 'Links' });
    const row = within(links).getByRole('row', { name: /Spring campaign/ });
    within(row).getByText('3 USDT');

    const conversions = await screen.findByRole('table', { name: 'Conversions' });
    within(conversions).getByText('Profile completed');
    within(conversions).getByText('clk-1');
    within(conversions).getByText('0.5 USDT');

    const card = await screen.findByRole('article', { name: 'Postback #31' });
    within(card).getByText('Retrying');
    within(card).getByText(/Attempt 1 · .* · 500 · 41 ms · HTTP 500/);
    within(card).getByText(/Next attempt:/);
    fireEvent.click(within(card).getByRole('button', { name: 'Resend' }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.method === 'POST' && c.path === '/api/cpa/postbacks/31/resend'),
      ).toBe(true),
    );
    // The period switch asks for the last 7 days.
    fireEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => {
      const last = calls.filter((c) => c.path === '/api/cpa/stats').at(-1);
      const from = Date.parse(last?.query.get('from') ?? '');
      const to = Date.parse(last?.query.get('to') ?? '');
      expect((to - from) / 86_400_000).toBe(6);
    });
  });

  it('says so when the figures cannot be loaded', async () => {
    useAuthStore.getState().setAuth({ token: 'token', user: { id: 5 } });
    serveApi({
      'GET /api/cpa/stats': () =>
        Response.json({ code: 'INTERNAL_ERROR', message: 'Server error' }, { status: 500 }),
      'GET /api/cpa/conversions': () =>
        Response.json({ items: [], total: 0, offset: 0, limit: 10 }),
      'GET /api/cpa/postbacks': () => Response.json({ items: [], total: 0, offset: 0, limit: 10 }),
    });
    renderPage(<CpaPage />);
    await screen.findByText('This could not be loaded. Try again later.');
    await screen.findByText('No conversions yet.');
    await screen.findByText('No postbacks yet. Add a postback URL to a link to receive them.');
  });
});

import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MonitorSnapshot } from '@meeet/core/api/monitor';
import { serveApi } from '../../../test/api-server.ts';
import { renderPage } from '../../../test/render-page.tsx';
import i18n from '../../i18n/i18n.ts';
import { NS } from './i18n.ts';
import MonitorPage from './monitor-page.tsx';

// Later snapshots arrive over the socket; here only the first read is answered.
vi.mock('../../lib/socket.ts', () => ({ on: () => {}, off: () => {} }));

const snapshot: MonitorSnapshot = {
  at: '2026-11-28T06:00:00.000Z',
  users: { total: 1234, today: 12, week: 80 },
  realtime: { sockets: 40, users: 31 },
  meet: { raisedHands: 3, meetingsInProgress: 2, meetingsCompletedToday: 9, mintsToday: 4 },
  kyc: { waiting: 5, oldestWaitSeconds: 2 * 86_400 },
  market: [{ level: 0, sold: 17, revenue: String(340n * 10n ** 18n), queued: 2 }],
  wallet: { depositsPending: 1, withdrawalsPending: 0 },
  chain: {
    head: '4242',
    hotWallet: {
      address: '0xHOT',
      bnb: '0',
      usdt: String(10n ** 21n),
      bnbLow: true,
      usdtLow: false,
    },
    workers: [{ name: 'deposits', lag: 60 }],
  },
  http: { requestsPerMinute: 120, errorsPerMinute: 0, p95Ms: 85 },
};

const figure = (label: string) => screen.getByText(label).nextElementSibling?.textContent;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces([NS, 'core']);
});
afterEach(cleanup);

describe('control: monitor', () => {
  it('shows every figure of the snapshot under its label, with warnings', async () => {
    serveApi({
      'GET /api/monitor': () => snapshot,
      'GET /api/monitor/history': () => ({ points: [] }),
    });
    renderPage(<MonitorPage />);
    await screen.findByRole('heading', { name: 'Users' });
    expect(figure('Oldest KYC waits')).toBe('48 h 0 min');
    expect(figure('Chain head')).toBe('4242');
    expect(figure('Lag of deposits (blocks)')).toBe('60');
    screen.getByText('The hot wallet 0xHOT runs low: top it up.');
    const market = screen.getByRole('heading', { name: 'Marketplace' }).parentElement!;
    const silver = within(market).getByText('Silver').parentElement!;
    expect(within(silver).getByText('Sold').nextElementSibling?.textContent).toBe('17');
    expect(within(silver).getByText('Revenue').nextElementSibling?.textContent).toBe('340 USDT');
  });

  it('says so when no chain is attached', async () => {
    serveApi({
      'GET /api/monitor': () => ({ ...snapshot, chain: null }),
      'GET /api/monitor/history': () => ({ points: [] }),
    });
    renderPage(<MonitorPage />);
    await screen.findByText('The chain is not connected.');
    expect(screen.queryByText('Chain head')).toBeNull();
  });
});

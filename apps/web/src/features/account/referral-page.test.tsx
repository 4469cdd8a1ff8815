import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  ReferralListResponse,
  ReferralPeriodStats,
  ReferralRewardsResponse,
  ReferralRow,
  ReferralStatsResponse,
} from '@meeet/core/api/referral';
import { serveApi } from '../../../test/api-server.ts';
import { renderPage } from '../../../test/render-page.tsx';
import i18n from '../../i18n/i18n.ts';
import { NS } from './i18n.ts';
import ReferralPage from './referral-page.tsx';

const USDT = 10n ** 18n;
const units = (usdt: number) => (BigInt(usdt) * USDT).toString();
const zero = { basic_meeting: '0', paid_meeting: '0', business_purchase: '0' };

function period(
  name: ReferralPeriodStats['period'],
  days: number,
  extra: Partial<ReferralPeriodStats> = {},
): ReferralPeriodStats {
  return {
    period: name,
    from: '2026-11-17T00:00:00.000Z',
    income: '0',
    incomeBySource: zero,
    daily: Array.from({ length: days }, (_, i) => ({
      day: new Date(Date.UTC(2026, 10, 23 - days + 1 + i)).toISOString().slice(0, 10),
      ...zero,
    })),
    clicks: 0,
    registrations: 0,
    buyers: 0,
    registrationConversion: null,
    buyerConversion: null,
    ...extra,
  };
}

const emptyStats: ReferralStatsResponse = {
  code: 'MEEET7',
  linkPath: '/ref/MEEET7',
  level: 'human',
  totalIncome: '0',
  monthlyIncome: '0',
  pendingIncome: '0',
  incomeBySource: zero,
  activeReferrals: 0,
  totalAttracted: 0,
  levels: [0, 0, 0],
  periods: [period('week', 7), period('twoWeeks', 14), period('month', 30)],
};

const busy = { ...zero, business_purchase: units(10) };
const stats: ReferralStatsResponse = {
  ...emptyStats,
  totalIncome: units(12),
  monthlyIncome: units(10),
  pendingIncome: units(2),
  incomeBySource: { ...zero, business_purchase: units(12) },
  activeReferrals: 2,
  totalAttracted: 3,
  levels: [2, 1, 0],
  periods: [
    period('week', 7, {
      daily: period('week', 7).daily.map((d, i) =>
        i === 6 ? { ...d, business_purchase: units(10) } : d,
      ),
      income: units(10),
      incomeBySource: busy,
      clicks: 4,
      registrations: 2,
      buyers: 1,
      registrationConversion: 0.5,
      buyerConversion: 0.5,
    }),
    period('twoWeeks', 14, { income: units(10), incomeBySource: busy, clicks: 8 }),
    period('month', 30, { income: units(10), incomeBySource: busy }),
  ],
};

function row(userId: number, extra: Partial<ReferralRow> = {}): ReferralRow {
  return {
    userId,
    nickname: `friend${userId}`,
    depth: 1,
    level: 'human',
    joinedAt: '2026-11-20T10:00:00.000Z',
    meetingsCount: 0,
    lastActivityAt: '2026-11-22T10:00:00.000Z',
    income: '0',
    childrenCount: 0,
    flagged: false,
    ...extra,
  };
}

const rewards: ReferralRewardsResponse = {
  items: [
    {
      id: 1,
      sourceUserId: 21,
      sourceNickname: 'friend21',
      depth: 1,
      source: 'business_purchase',
      baseAmount: units(100),
      shareBp: 1000,
      amount: units(10),
      status: 'paid',
      transaction: {
        id: 5,
        type: 'REWARD',
        status: 'CONFIRMED',
        amount: units(10),
        symbol: 'USDT',
        decimals: 18,
        from: '0x52908400098527886E0F7030069857D2E4169EE7',
        to: '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
        hash: '0xabc0000000000000000000000000000000000000000000000000000000000def',
        explorerUrl: 'https://bscscan.com/tx/0xabc',
        blockNumber: '12',
        error: null,
        createdAt: '2026-11-22T10:00:00.000Z',
        updatedAt: '2026-11-22T10:00:00.000Z',
      },
      createdAt: '2026-11-22T10:00:00.000Z',
    },
  ],
  total: 1,
  offset: 0,
  limit: 10,
};

const list = (items: ReferralRow[], total = items.length): ReferralListResponse => ({
  items,
  total,
  offset: 0,
  limit: 20,
});

const figure = (name: string) => within(screen.getByRole('group', { name }));

beforeEach(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(NS);
});
afterEach(cleanup);

describe('Account → Referral programme, Main', () => {
  it('shows loading, then the link, totals, period figures and recent rewards', async () => {
    serveApi({
      'GET /api/referral/stats': () => Response.json(stats),
      'GET /api/referral/rewards': () => Response.json(rewards),
    });
    renderPage(<ReferralPage />);
    screen.getByLabelText('Loading the referral programme');
    await screen.findByText(`${window.location.origin}/ref/MEEET7`);
    screen.getByText('MEEET7');
    screen.getByRole('button', { name: 'Copy link' });
    screen.getByRole('button', { name: 'Copy code' });
    screen.getByTitle('QR code of your referral link');
    expect(figure('Total income').getByText('12 USDT')).toBeDefined();
    expect(figure('Waiting for payout').getByText('2 USDT')).toBeDefined();
    expect(figure('Total attracted').getByText('3')).toBeDefined();
    expect(figure('Level 1 / 2 / 3').getByText('2 / 1 / 0')).toBeDefined();
    expect(figure('Income in the period').getByText('10 USDT')).toBeDefined();
    expect(figure('Business purchases').getByText('10 USDT')).toBeDefined();
    expect(figure('Link clicks').getByText('4')).toBeDefined();
    expect(figure('Clicks → registrations').getByText('50%')).toBeDefined();
    expect(screen.queryByText('Invite your first friend')).toBeNull();

    const table = await screen.findByRole('table', { name: 'Recent rewards' });
    within(table).getByText('friend21');
    within(table).getByText('Paid');
    const link = within(table).getByRole('link', { name: /View transaction/ });
    expect(link.getAttribute('href')).toBe('https://bscscan.com/tx/0xabc');
    // The chart arrives on its own.
    const chart = await screen.findByRole('figure', { name: 'Income by day' });
    // The chart is its own download: give it longer than a call.
    await within(chart).findByRole('table', { name: 'Income by day' }, { timeout: 5000 });
    const day = within(chart).getByRole('row', { name: /Nov 23/ });
    within(day).getByText('Business purchases: 10 USDT');
    expect(within(chart).getAllByRole('row')).toHaveLength(1);
  });

  it('switches the period', async () => {
    serveApi({
      'GET /api/referral/stats': () => Response.json(stats),
      'GET /api/referral/rewards': () => Response.json(rewards),
    });
    renderPage(<ReferralPage />);
    await screen.findByText('MEEET7');
    fireEvent.click(screen.getByRole('button', { name: '14 days' }));
    expect(figure('Link clicks').getByText('8')).toBeDefined();
    expect(figure('Clicks → registrations').getByText('—')).toBeDefined();
  });

  it('tells a new user how to invite', async () => {
    serveApi({
      'GET /api/referral/stats': () => Response.json(emptyStats),
      'GET /api/referral/rewards': () =>
        Response.json({ items: [], total: 0, offset: 0, limit: 10 }),
    });
    renderPage(<ReferralPage />);
    await screen.findByText('Invite your first friend');
    await screen.findByText(/No rewards yet/);
  });

  it('says so when it cannot be loaded, and tries again', async () => {
    let fail = true;
    serveApi({
      'GET /api/referral/stats': () =>
        fail
          ? Response.json({ code: 'INTERNAL_ERROR', message: 'Boom' }, { status: 500 })
          : Response.json(stats),
      'GET /api/referral/rewards': () => Response.json(rewards),
    });
    renderPage(<ReferralPage />);
    await screen.findByText('The referral programme could not be loaded. Please try again.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('MEEET7');
  });

  it('reads in Russian', async () => {
    await i18n.changeLanguage('ru');
    await i18n.loadNamespaces(NS);
    serveApi({
      'GET /api/referral/stats': () => Response.json(emptyStats),
      'GET /api/referral/rewards': () =>
        Response.json({ items: [], total: 0, offset: 0, limit: 10 }),
    });
    renderPage(<ReferralPage />);
    await screen.findByText('Пригласите первого друга');
    screen.getByRole('button', { name: 'Копировать ссылку' });
  });
});

describe('Account → Referral programme, Referral tree', () => {
  async function openTree() {
    renderPage(<ReferralPage />);
    fireEvent.click(screen.getByRole('tab', { name: 'Referral tree' }));
  }

  it('shows loading, then the rows, and expands a referral to their own', async () => {
    const sent = serveApi({
      'GET /api/referral/stats': () => Response.json(stats),
      'GET /api/referral/rewards': () => Response.json(rewards),
      'GET /api/referral/list': () =>
        Response.json(
          list([
            row(21, { childrenCount: 1, income: units(10), meetingsCount: 3, level: 'business' }),
            row(22, { nickname: null, lastActivityAt: null }),
          ]),
        ),
      'GET /api/referral/list/21': () => Response.json(list([row(31, { depth: 2 })])),
    });
    await openTree();
    screen.getByLabelText('Loading referrals');
    const table = await screen.findByRole('table', { name: 'Referral tree' });
    const first = within(table).getByRole('row', { name: /friend21/ });
    within(first).getByText('Business');
    within(first).getByText('3');
    within(first).getByText('10 USDT');
    const second = within(table).getByRole('row', { name: /UID 22/ });
    within(second).getByText('Never');

    fireEvent.click(within(first).getByRole('button', { name: 'Show the referrals of friend21' }));
    const child = await within(table).findByRole('row', { name: /friend31/ });
    within(child).getByText('Level 2');
    expect(sent.map((r) => r.path)).toContain('/api/referral/list/21');
  });

  it('filters by role and pages', async () => {
    const sent = serveApi({
      'GET /api/referral/stats': () => Response.json(stats),
      'GET /api/referral/rewards': () => Response.json(rewards),
      'GET /api/referral/list': ({ url }) => {
        const offset = Number(url.searchParams.get('offset'));
        if (url.searchParams.get('role') === 'business') return Response.json(list([], 0));
        return Response.json({
          ...list([row(offset + 1)], 45),
          offset,
        });
      },
    });
    await openTree();
    await screen.findByRole('row', { name: /friend1\b/ });
    screen.getByText('1–20 of 45');
    fireEvent.click(screen.getByRole('button', { name: /next page/i }));
    await screen.findByRole('row', { name: /friend21/ });

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Role' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Business' }));
    await screen.findByText('No referrals with this role.');
    await waitFor(() => expect(sent.some((r) => r.query.get('role') === 'business')).toBe(true));
  });

  it('tells a new user how to fill the tree', async () => {
    serveApi({
      'GET /api/referral/stats': () => Response.json(emptyStats),
      'GET /api/referral/rewards': () =>
        Response.json({ items: [], total: 0, offset: 0, limit: 10 }),
      'GET /api/referral/list': () => Response.json(list([], 0)),
    });
    await openTree();
    await screen.findByText('Your referral tree is empty');
  });

  it('says so when the tree cannot be loaded', async () => {
    serveApi({
      'GET /api/referral/stats': () => Response.json(stats),
      'GET /api/referral/rewards': () => Response.json(rewards),
      'GET /api/referral/list': () =>
        Response.json({ code: 'INTERNAL_ERROR', message: 'Boom' }, { status: 500 }),
    });
    await openTree();
    await screen.findByText('The referral tree could not be loaded. Please try again.');
  });
});

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serveApi } from '../../../../test/api-server.ts';
import { renderPage } from '../../../../test/render-page.tsx';
import i18n from '../../../i18n/i18n.ts';
import { NS } from '../i18n.ts';
import { UserSections } from './user-sections.tsx';

const AT = '2026-11-20T10:00:00.000Z';
const USDT = (whole: number) => `${whole}${'0'.repeat(18)}`;

const transaction = (id: number) => ({
  id,
  type: 'INPUT',
  status: 'CONFIRMED',
  amount: USDT(id),
  symbol: 'USDT',
  decimals: 18,
  from: `0x${'1'.repeat(40)}`,
  to: `0x${'2'.repeat(40)}`,
  hash: `0x${String(id % 10).repeat(64)}`,
  explorerUrl: null,
  blockNumber: '1',
  error: null,
  createdAt: AT,
  updatedAt: AT,
  confirmations: null,
  gasFee: null,
});

const routes = {
  'GET /api/staff/users/5/kyc': () => ({
    status: 'rejected',
    maxNftType: null,
    moderatorComment: 'Blurred photo',
    submittedAt: AT,
    decidedAt: AT,
    history: [
      {
        fromStatus: 'draft',
        toStatus: 'requested',
        actor: 'user',
        actorId: 5,
        actorNickname: 'vera',
        comment: null,
        maxNftType: null,
        createdAt: AT,
      },
      {
        fromStatus: 'requested',
        toStatus: 'rejected',
        actor: 'moderator',
        actorId: 2,
        actorNickname: 'mod_anna',
        comment: 'Blurred photo',
        maxNftType: null,
        createdAt: AT,
      },
    ],
  }),
  'GET /api/staff/users/5/ledger': ({ url }: { url: URL }) => {
    const offset = Number(url.searchParams.get('offset'));
    const ids = offset === 0 ? [25, 24] : [5];
    return { offset, limit: 20, total: 25, list: ids.map(transaction) };
  },
  'GET /api/staff/users/5/meetings': () => ({
    offset: 0,
    limit: 20,
    total: 1,
    list: [
      {
        id: 1,
        partner: { id: 9, nickname: 'boris' },
        status: 'completed',
        outcome: 'refused',
        reasons: ['pair-already-minted'],
        level: 0,
        startedAt: AT,
        endedAt: AT,
        tokenId: null,
      },
    ],
  }),
  'GET /api/staff/users/5/reports': () => ({
    made: [],
    received: [
      {
        id: 3,
        reporter: null,
        reported: { id: 5, nickname: 'vera' },
        reason: 'scam',
        text: null,
        status: 'warned',
        moderatorComment: 'Asked for a seed phrase',
        createdAt: AT,
      },
    ],
  }),
  'GET /api/staff/users/5/referral': () => ({
    code: 'K7M2Q9XA',
    level: 'human',
    totalIncome: USDT(12),
    monthlyIncome: USDT(2),
    pendingIncome: '0',
    incomeBySource: { basic_meeting: '0', paid_meeting: USDT(12), business_purchase: '0' },
    activeReferrals: 1,
    totalAttracted: 3,
    levels: [2, 1, 0],
    referrer: { id: 4, nickname: 'kate' },
  }),
  'GET /api/staff/users/5/cpa': () => ({
    items: [
      {
        id: 'abc',
        userId: 5,
        name: 'Spring promo',
        callbackUrl: null,
        createdAt: AT,
        stats: { hits: 40, regs: 6, value: '0', profit: USDT(3), paid: '0' },
      },
    ],
  }),
};

const section = (name: string) => screen.findByRole('region', { name });

beforeEach(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces([NS, 'core']);
});
afterEach(cleanup);

describe("the staff user page's sections", () => {
  it('shows an admin every section, each from its own call', async () => {
    serveApi(routes);
    renderPage(<UserSections userId={5} admin />);

    const kyc = await section('KYC');
    await within(kyc).findByRole('link', { name: 'mod_anna' });
    within(kyc).getByText('Waiting for review → Rejected');
    within(kyc).getByText('the user');
    expect(within(kyc).getAllByText('Blurred photo')).toHaveLength(2);

    const ledger = await section('Wallet ledger');
    await within(ledger).findByText('25 USDT');
    within(ledger).getByText(`0x${'5'.repeat(64)}`);

    const meetings = await section('Meetings');
    await within(meetings).findByText('Refused');
    within(meetings).getByText('you have already minted together');
    within(meetings).getByRole('link', { name: 'boris' });

    const reports = await section('Reports');
    await within(reports).findByText('the system');
    within(reports).getByText('Asked for a seed phrase');

    const referral = await section('Referral standing');
    await within(referral).findByRole('link', { name: 'kate' });
    within(referral).getByText('3 (1 active; by level 2 / 1 / 0)');
    within(referral).getByText('12 USDT');

    const cpa = await section('CPA standing');
    await within(cpa).findByText('Spring promo');
    within(cpa).getByText('3 USDT');
  });

  it('pages the ledger: "Older" asks for the next page', async () => {
    const sent = serveApi(routes);
    renderPage(<UserSections userId={5} admin />);
    const ledger = await section('Wallet ledger');
    await within(ledger).findByText('1–20 of 25');
    fireEvent.click(within(ledger).getByRole('button', { name: 'Older' }));
    await within(ledger).findByText('21–25 of 25');
    within(ledger).getByText('5 USDT');
    const asked = sent.filter((request) => request.path === '/api/staff/users/5/ledger');
    expect(asked.at(-1)?.query.get('offset')).toBe('20');
  });

  it('shows a moderator no money sections and never asks for them, in Russian', async () => {
    await i18n.changeLanguage('ru');
    const sent = serveApi(routes);
    renderPage(<UserSections userId={5} admin={false} />);
    await within(await section('Встречи')).findByText('Отказано');
    await within(await section('Жалобы')).findByText('система');
    await waitFor(() => expect(screen.queryByText('Загрузка…')).toBeNull());
    expect(screen.queryByRole('region', { name: 'Операции кошелька' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Реферальная программа' })).toBeNull();
    const paths = sent.map((request) => request.path.split('/').at(-1));
    expect(paths.sort()).toEqual(['kyc', 'meetings', 'reports']);
  });

  it('says a refusal in the section', async () => {
    serveApi({
      ...routes,
      'GET /api/staff/users/5/cpa': () =>
        Response.json({ code: 'FORBIDDEN', message: 'Access denied' }, { status: 403 }),
    });
    renderPage(<UserSections userId={5} admin />);
    await within(await section('CPA standing')).findByText('Access denied');
  });
});

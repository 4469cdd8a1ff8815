import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Report } from '@meeet/core/api/meet';
import { serveApi } from '../../../test/api-server.ts';
import { renderPage } from '../../../test/render-page.tsx';
import i18n from '../../i18n/i18n.ts';
import { NS } from './i18n.ts';
import ReportsPage from './reports-page.tsx';

const report: Report = {
  id: 7,
  reporterId: 12,
  reportedUserId: 34,
  messageId: 101,
  reason: 'scam',
  text: 'Asked me to send USDT',
  status: 'open',
  createdAt: '2026-11-23T09:00:00.000Z',
  context: [
    {
      id: 100,
      conversationId: 1,
      senderId: 12,
      clientId: 'c-100',
      text: 'Hi!',
      createdAt: '2026-11-23T08:58:00.000Z',
      flags: [],
    },
    {
      id: 101,
      conversationId: 1,
      senderId: 34,
      clientId: 'c-101',
      text: 'Send 100 USDT to 0x52908400098527886E0F7030069857D2E4169EE7',
      createdAt: '2026-11-23T08:59:00.000Z',
      flags: ['wallet-address'],
    },
  ],
};

const page = (list: Report[]) => ({ offset: 0, limit: 20, total: list.length, list });
const LIST = 'GET /api/meet/moderation/reports';
const DECIDE = 'POST /api/meet/moderation/reports/:id';

beforeEach(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(NS);
});
afterEach(cleanup);

describe('control: reports', () => {
  it('shows a loading state, then the open reports with their conversation', async () => {
    serveApi({ [LIST]: () => page([report]) });
    renderPage(<ReportsPage />);
    screen.getByLabelText('Loading reports');
    const card = await screen.findByRole('article', { name: 'Report #7' });
    within(card).getByRole('heading', { name: 'Report about UID 34' });
    within(card).getByText('Scam');
    within(card).getByText(/Send 100 USDT/);
  });

  it('says so when there are none', async () => {
    serveApi({ [LIST]: () => page([]) });
    renderPage(<ReportsPage />);
    await screen.findByText('No reports here.');
  });

  it('says so when they cannot be loaded', async () => {
    serveApi({
      [LIST]: () => Response.json({ code: 'FORBIDDEN', message: 'No' }, { status: 403 }),
    });
    renderPage(<ReportsPage />);
    await screen.findByText('The reports could not be loaded.');
  });

  it('sends the decision with the comment and refreshes the queue', async () => {
    const sent = serveApi({
      [LIST]: () => page([report]),
      [DECIDE]: () => ({ ...report, status: 'banned' }),
    });
    renderPage(<ReportsPage />);
    const card = await screen.findByRole('article', { name: 'Report #7' });
    fireEvent.change(within(card).getByLabelText('Comment to the user (optional)'), {
      target: { value: 'Scam attempt' },
    });
    fireEvent.click(within(card).getByRole('button', { name: 'Ban' }));
    await waitFor(() =>
      expect(
        sent.filter((r) => r.method === 'POST').map(({ path, body }) => ({ path, body })),
      ).toEqual([
        {
          path: '/api/meet/moderation/reports/7',
          body: { action: 'ban', comment: 'Scam attempt' },
        },
      ]),
    );
    await waitFor(() => expect(sent.filter((r) => r.method === 'GET').length).toBeGreaterThan(1));
  });

  it('reads in Russian', async () => {
    await i18n.changeLanguage('ru');
    await i18n.loadNamespaces(NS);
    serveApi({ [LIST]: () => page([]) });
    renderPage(<ReportsPage />);
    await screen.findByText('Жалоб нет.');
    screen.getByRole('tab', { name: 'Открытые' });
  });
});

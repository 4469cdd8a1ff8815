import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serveApi } from '../../../test/api-server.ts';
import { forbidden } from '../../../test/list-page.ts';
import { renderPage } from '../../../test/render-page.tsx';
import i18n from '../../i18n/i18n.ts';
import { campaignFixture } from './campaigns.test-support.ts';
import ControlCampaignsPage from './control-campaigns-page.tsx';
import { NS } from './i18n.ts';

const waiting = { ...campaignFixture, status: 'pending' as const, businessName: 'Café Luna' };
const QUEUE = 'GET /api/control/campaigns';
const PRICE = 'GET /api/control/campaign-price';
const price = { pricePerThousand: '2000000000000000000', updatedAt: '2026-11-20T00:00:00.000Z' };

beforeEach(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces([NS, 'core']);
});
afterEach(cleanup);

describe('control: campaigns to review', () => {
  it('shows each waiting campaign and sends the decision with its reason', async () => {
    const sent = serveApi({
      [QUEUE]: () => ({ list: [waiting] }),
      [PRICE]: () => price,
      'POST /api/control/campaigns/:id/review': () => ({ ...campaignFixture, status: 'active' }),
    });
    renderPage(<ControlCampaignsPage />);
    screen.getByRole('heading', { level: 1, name: 'Campaigns to review' });
    const card = (await screen.findByRole('heading', { name: 'Coffee for two' })).closest(
      '[data-testid^="review-"]',
    ) as HTMLElement;
    within(card).getByText('Business: Café Luna');
    fireEvent.change(within(card).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Clear offer' },
    });
    fireEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(sent.find((request) => request.method === 'POST')?.body).toEqual({
        decision: 'approve',
        reason: 'Clear offer',
      }),
    );
    await screen.findByText('Now: 2 USDT');
  });

  it('says so when none wait or the queue cannot be loaded', async () => {
    serveApi({ [QUEUE]: () => ({ list: [] }), [PRICE]: () => price });
    renderPage(<ControlCampaignsPage />);
    await screen.findByText('No campaigns wait for review.');
    cleanup();

    serveApi({
      [QUEUE]: forbidden,
      [PRICE]: () => price,
    });
    renderPage(<ControlCampaignsPage />);
    await screen.findByText('The campaigns could not be loaded.');
  });
});

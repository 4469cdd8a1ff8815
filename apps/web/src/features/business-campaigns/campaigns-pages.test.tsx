import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CampaignStats } from '@meeet/core/api/campaigns';
import { serveApi } from '../../../test/api-server.ts';
import { renderPage } from '../../../test/render-page.tsx';
import i18n from '../../i18n/i18n.ts';
import CampaignStatsPage from './campaign-stats-page.tsx';
import CampaignsPage from './campaigns-page.tsx';
import { campaignFixture } from './campaigns.test-support.ts';
import { NS } from './i18n.ts';

const campaign = campaignFixture;

const stats: CampaignStats = {
  campaignId: 7,
  days: [
    {
      day: '2026-11-26',
      served: 40,
      impressions: 30,
      clicks: 3,
      ctr: 0.1,
      charged: '60000000000000000',
    },
    { day: '2026-11-27', served: 12, impressions: 10, clicks: 0, ctr: 0, charged: null },
  ],
  totalCharged: '60000000000000000',
};

beforeEach(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces([NS, 'core']);
});
afterEach(cleanup);

describe('business campaigns', () => {
  it('tells a user without an approved business that campaigns are not open yet', async () => {
    serveApi({
      'GET /api/campaigns': () =>
        Response.json({ code: 'FORBIDDEN', message: 'No business' }, { status: 403 }),
    });
    renderPage(<CampaignsPage />);
    await screen.findByText('Campaigns open once your business account is approved.');
  });

  it('shows why a campaign is paused and resumes it', async () => {
    let current = campaign;
    const sent = serveApi({
      'GET /api/campaigns': () => ({ list: [current] }),
      'POST /api/campaigns/7/resume': () => {
        current = { ...campaign, status: 'running', statusReason: null };
        return current;
      },
    });
    renderPage(<CampaignsPage />);
    const card = await screen.findByTestId('campaign-7');
    within(card).getByText('Paused: your balance does not pay a day. Top up, then resume.');
    fireEvent.click(within(card).getByTestId('campaign-resume'));
    await waitFor(() =>
      expect(within(card).getByTestId('campaign-status').textContent).toBe('Running'),
    );
    // A JSON body, even empty: the server refuses a JSON content type without one.
    const resume = sent.find((r) => r.method === 'POST' && r.path === '/api/campaigns/7/resume');
    expect(resume?.body).toEqual({});
  });

  it('sends a new campaign as the contract shapes it', async () => {
    const sent = serveApi({
      'GET /api/campaigns': () => ({ list: [] }),
      'POST /api/campaigns': () => ({ ...campaign, status: 'draft', statusReason: null }),
    });
    renderPage(<CampaignsPage />);
    fireEvent.change(await screen.findByLabelText(/^Headline/), { target: { value: 'Tea time' } });
    fireEvent.change(screen.getByLabelText(/^Text/), { target: { value: 'Two cups' } });
    fireEvent.change(screen.getByLabelText(/^Link/), {
      target: { value: 'https://example.com/t' },
    });
    fireEvent.change(screen.getByLabelText(/^Area/), { target: { value: '3' } });
    fireEvent.click(screen.getByTestId('campaign-create'));
    await screen.findByText('Draft saved. Submit it for review when ready.');
    const post = sent.find((r) => r.method === 'POST');
    expect(post?.body).toMatchObject({
      title: 'Tea time',
      text: 'Two cups',
      link: 'https://example.com/t',
      dailyCap: 1000,
      areaRadiusKm: 3,
    });
  });

  it('charts the days and lists each day’s charge in USDT', async () => {
    serveApi({
      'GET /api/campaigns/7': () => campaign,
      'GET /api/campaigns/7/stats': () => stats,
    });
    renderPage(
      <Routes>
        <Route path="/account/business/campaigns/:id" element={<CampaignStatsPage />} />
      </Routes>,
      { route: '/account/business/campaigns/7' },
    );
    await screen.findByRole('img', { name: 'Impressions (bars) and clicks (dots) per day' });
    const rows = within(screen.getByTestId('campaign-stats')).getAllByRole('row');
    const cells = (row: HTMLElement | undefined) =>
      within(row!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(rows[1])).toEqual(['2026-11-26', '40', '30', '3', '10.0%', '0.06']);
    expect(cells(rows[2])).toEqual(['2026-11-27', '12', '10', '0', '0.0%', 'not yet']);
    screen.getByText('Charged in all: 0.06 USDT');
  });
});

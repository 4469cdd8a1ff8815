import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serveApi } from '../../../../test/api-server.ts';
import { renderPage } from '../../../../test/render-page.tsx';
import i18n from '../../../i18n/i18n.ts';
import CampaignsPage from '../campaigns-page.tsx';
import { NS } from '../i18n.ts';

beforeEach(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces([NS, 'core', 'review-rules']);
});
afterEach(cleanup);

describe('campaign form under the review rules', () => {
  it('tells the review time and the limits, and refuses a campaign outside them unsent', async () => {
    const sent = serveApi({
      'GET /api/campaigns': () => ({ list: [] }),
      'GET /api/review-rules': () => ({
        maxAreaRadiusKm: 10,
        minDailyCap: 50,
        maxDailyCap: 1000,
        reviewWithinHours: 24,
      }),
    });
    renderPage(<CampaignsPage />);
    // The page loads its strings and two calls first; a busy machine may take a while.
    await screen.findByText('We review within 24 hours.', undefined, { timeout: 5000 });
    screen.getByText('At most 10 km');
    screen.getByText('From 50 to 1000 impressions');

    fireEvent.change(screen.getByLabelText(/^Headline/), { target: { value: 'Tea time' } });
    fireEvent.change(screen.getByLabelText(/^Text/), { target: { value: 'Two cups' } });
    fireEvent.change(screen.getByLabelText(/^Link/), {
      target: { value: 'https://example.com/t' },
    });
    fireEvent.change(screen.getByLabelText(/^Area/), { target: { value: '11' } });
    fireEvent.change(screen.getByLabelText(/^Impressions a day/), { target: { value: '20' } });
    fireEvent.click(screen.getByTestId('campaign-create'));
    await screen.findByText('The area may be at most 10 km around your venue', undefined, {
      timeout: 5000,
    });
    screen.getByText('The daily cap must be at least 50 impressions');
    expect(sent.filter((r) => r.method === 'POST')).toEqual([]);
  });
});

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CampaignQueue } from '@meeet/core/api/campaigns';
import { DEFAULT_REVIEW_RULES } from '@meeet/core/api/review-rules';
import { serveApi } from '../../../test/api-server.ts';
import { forbidden } from '../../../test/list-page.ts';
import { renderPage } from '../../../test/render-page.tsx';
import i18n from '../../i18n/i18n.ts';
import { campaignFixture } from './campaigns.test-support.ts';
import ControlCampaignsPage from './control-campaigns-page.tsx';
import { NS } from './i18n.ts';

const QUEUE = 'GET /api/control/campaigns';
const price = { pricePerThousand: '2000000000000000000', updatedAt: '2026-11-20T00:00:00.000Z' };
const { blockedWords: _words, ...limits } = DEFAULT_REVIEW_RULES;
/** What the page reads beside its queue: the price and the review rules. */
const settings = (blockedWords: string[] = [], reviewWithinHours = 48) => ({
  'GET /api/control/campaign-price': () => price,
  'GET /api/control/review-rules': () => ({
    rules: { ...DEFAULT_REVIEW_RULES, blockedWords, reviewWithinHours },
    updatedAt: null,
  }),
  'GET /api/review-rules': () => ({ ...limits, reviewWithinHours }),
});

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
const waiting = (
  id: number,
  title: string,
  waitingSince = hoursAgo(1),
  blockedWord: string | null = null,
): CampaignQueue['list'][number] => ({
  ...campaignFixture,
  id,
  title,
  status: 'pending',
  statusReason: null,
  businessName: 'Café Luna',
  waitingSince,
  blockedWord,
});

beforeEach(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces([NS, 'core', 'review-rules']);
});
afterEach(cleanup);

describe('control: campaigns to review', () => {
  it('shows each waiting campaign and sends the decision with its reason', async () => {
    const sent = serveApi({
      ...settings(),
      [QUEUE]: () => ({ list: [waiting(campaignFixture.id, campaignFixture.title)] }),
      'POST /api/control/campaigns/:id/review': () => ({ ...campaignFixture, status: 'active' }),
    });
    renderPage(<ControlCampaignsPage />);
    screen.getByRole('heading', { level: 1, name: 'Campaigns to review' });
    const card = (await screen.findByRole('heading', { name: campaignFixture.title })).closest(
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
    serveApi({ ...settings(), [QUEUE]: () => ({ list: [] }) });
    renderPage(<ControlCampaignsPage />);
    await screen.findByText('No campaigns wait for review.');
    cleanup();

    serveApi({ ...settings(), [QUEUE]: forbidden });
    renderPage(<ControlCampaignsPage />);
    await screen.findByText('The campaigns could not be loaded.');
  });

  it('marks campaigns waiting past the target and flags a word blocked since', async () => {
    serveApi({
      ...settings(['karaoke'], 12),
      [QUEUE]: () => ({
        list: [
          waiting(1, 'Karaoke night', hoursAgo(13), 'karaoke'),
          waiting(2, 'Tea', hoursAgo(1)),
        ],
      }),
    });
    renderPage(<ControlCampaignsPage />);
    const late = await screen.findByTestId('review-1', undefined, { timeout: 5000 });
    await within(late).findByText('Overdue');
    within(late).getByText('Holds “karaoke”, blocked after it was submitted');
    const fresh = screen.getByTestId('review-2');
    expect(within(fresh).queryByText('Overdue')).toBeNull();
    expect(within(fresh).queryByRole('alert')).toBeNull();
    // Not signed in as an admin: the rules are there to read, not to change.
    const rules = screen.getByRole('region', { name: 'Review rules' });
    await within(rules).findByText('karaoke');
    expect(within(rules).queryByRole('button')).toBeNull();
  });
});

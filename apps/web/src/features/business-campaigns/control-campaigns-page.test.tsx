import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CampaignQueue } from '@meeet/core/api/campaigns';
import { DEFAULT_REVIEW_RULES } from '@meeet/core/api/review-rules';
import { serveApi } from '../../../test/api-server.ts';
import { renderPage } from '../../../test/render-page.tsx';
import i18n from '../../i18n/i18n.ts';
import ControlCampaignsPage from './control-campaigns-page.tsx';
import { campaignFixture } from './campaigns.test-support.ts';
import { NS } from './i18n.ts';

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
const waiting = (
  id: number,
  title: string,
  waitingSince: string,
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

describe('control campaigns page', () => {
  it('marks campaigns waiting past the target and flags a word blocked since', async () => {
    const { blockedWords: _words, ...limits } = DEFAULT_REVIEW_RULES;
    serveApi({
      'GET /api/control/campaign-price': () => ({ pricePerThousand: '0', updatedAt: null }),
      'GET /api/control/review-rules': () => ({
        rules: { ...DEFAULT_REVIEW_RULES, blockedWords: ['karaoke'] },
        updatedAt: null,
      }),
      'GET /api/review-rules': () => ({ ...limits, reviewWithinHours: 12 }),
      'GET /api/control/campaigns': () => ({
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

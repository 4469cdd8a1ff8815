import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_REVIEW_RULES, type ReviewRulesView } from '@meeet/core/api/review-rules';
import { serveApi } from '../../../../test/api-server.ts';
import { renderPage } from '../../../../test/render-page.tsx';
import i18n from '../../../i18n/i18n.ts';
import { NS } from '../i18n.ts';
import { ReviewRulesCard } from './review-rules-card.tsx';

const stored: ReviewRulesView = {
  rules: { ...DEFAULT_REVIEW_RULES, blockedWords: ['casino', 'cheap beer'] },
  updatedAt: '2026-11-27T10:00:00.000Z',
};

beforeEach(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces([NS, 'core']);
});
afterEach(cleanup);

describe('review rules card', () => {
  it('lets an admin change the rules with the contract’s checks before anything is sent', async () => {
    const sent = serveApi({
      'GET /api/control/review-rules': () => stored,
      'PUT /api/control/review-rules': ({ body }) => ({
        rules: body as ReviewRulesView['rules'],
        updatedAt: '2026-11-28T12:00:00.000Z',
      }),
    });
    renderPage(<ReviewRulesCard editable />);
    const card = await screen.findByRole('region', { name: 'Review rules' });
    const area = await within(card).findByLabelText(/^Largest area/);
    expect(area).toHaveProperty('value', '25');
    expect(within(card).getByLabelText(/^Blocked words/)).toHaveProperty(
      'value',
      'casino\ncheap beer',
    );

    fireEvent.change(within(card).getByLabelText(/^Smallest daily cap/), {
      target: { value: '200000' },
    });
    fireEvent.change(area, { target: { value: '60' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save rules' }));
    await within(card).findByText('A whole number of km from 1 to 50');
    within(card).getByText('The largest daily cap must not be below the smallest');
    expect(sent.filter((r) => r.method === 'PUT')).toEqual([]);

    fireEvent.change(area, { target: { value: '10' } });
    fireEvent.change(within(card).getByLabelText(/^Smallest daily cap/), {
      target: { value: '50' },
    });
    fireEvent.change(within(card).getByLabelText(/^Review within/), { target: { value: '24' } });
    fireEvent.change(within(card).getByLabelText(/^Blocked words/), {
      target: { value: 'Casino\n casino, Lottery\n' },
    });
    fireEvent.click(within(card).getByRole('button', { name: 'Save rules' }));
    await within(card).findByText('Review rules saved.');
    const put = sent.find((r) => r.method === 'PUT');
    expect(put?.body).toEqual({
      maxAreaRadiusKm: 10,
      minDailyCap: 50,
      maxDailyCap: 100_000,
      reviewWithinHours: 24,
      blockedWords: ['casino', 'lottery'],
    });
    await waitFor(() =>
      expect(within(card).getByLabelText(/^Blocked words/)).toHaveProperty(
        'value',
        'casino\nlottery',
      ),
    );
  });

  it('shows a moderator the rules to read, with nothing to change', async () => {
    serveApi({ 'GET /api/control/review-rules': () => stored });
    renderPage(<ReviewRulesCard editable={false} />);
    const card = await screen.findByRole('region', { name: 'Review rules' });
    await within(card).findByText('casino');
    within(card).getByText('cheap beer');
    expect(within(card).getByText(/^Largest area/).textContent).toBe(
      'Largest area, km around the venue: 25',
    );
    expect(within(card).getByText(/^Review within/).textContent).toBe('Review within, hours: 48');
    expect(within(card).queryByRole('button')).toBeNull();
    expect(within(card).queryByRole('textbox')).toBeNull();
  });
});

import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serveApi } from '../../../test/api-server.ts';
import { renderPage } from '../../../test/render-page.tsx';
import i18n from '../../i18n/i18n.ts';
import { OverdueChip } from './overdue-chip.tsx';

const HOUR = 3_600_000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();
const limits = (reviewWithinHours: number) => ({
  'GET /api/review-rules': () => ({
    maxAreaRadiusKm: 25,
    minDailyCap: 1,
    maxDailyCap: 100_000,
    reviewWithinHours,
  }),
});

beforeEach(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['review-rules']);
});
afterEach(cleanup);

describe('overdue mark', () => {
  it('shows "Overdue" once an item waited longer than the admins’ target, not before', async () => {
    serveApi(limits(24));
    renderPage(
      <>
        <div data-testid="old">
          <OverdueChip since={hoursAgo(25)} />
        </div>
        <div data-testid="new">
          <OverdueChip since={hoursAgo(23)} />
        </div>
      </>,
    );
    await within(screen.getByTestId('old')).findByText('Overdue');
    expect(within(screen.getByTestId('new')).queryByText('Overdue')).toBeNull();
  });
});

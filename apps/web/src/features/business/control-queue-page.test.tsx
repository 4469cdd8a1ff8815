import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BusinessModerationItem } from '@meeet/core/api/business';
import { BusinessStatus } from '@meeet/core/enums';
import { serveApi } from '../../../test/api-server.ts';
import { renderPage } from '../../../test/render-page.tsx';
import i18n from '../../i18n/i18n.ts';
import ControlBusinessQueuePage from './control-queue-page.tsx';
import { NS } from './i18n.ts';

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

const application = (id: number, submittedAt: string, status: BusinessStatus) =>
  ({
    id,
    status,
    reason: null,
    legalName: `Café ${id}`,
    registrationNumber: 'RU-1',
    country: 'RU',
    address: 'Tverskaya 1',
    website: null,
    contact: '+7 900',
    category: 'cafe',
    logoMediaId: null,
    venue: null,
    submittedAt,
    decidedAt: null,
    history: [],
    ownerId: id,
    ownerEmail: `owner${id}@example.com`,
  }) satisfies BusinessModerationItem;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces([NS, 'core', 'review-rules']);
});
afterEach(cleanup);

describe('control business queue', () => {
  it('marks pending applications waiting longer than the review target as overdue', async () => {
    serveApi({
      'GET /api/review-rules': () => ({
        maxAreaRadiusKm: 25,
        minDailyCap: 1,
        maxDailyCap: 100_000,
        reviewWithinHours: 48,
      }),
      'GET /api/business/moderate/list': () => ({
        offset: 0,
        limit: 20,
        total: 3,
        list: [
          application(1, hoursAgo(50), BusinessStatus.PENDING),
          application(2, hoursAgo(2), BusinessStatus.PENDING),
          application(3, hoursAgo(90), BusinessStatus.APPROVED),
        ],
      }),
    });
    renderPage(<ControlBusinessQueuePage />);
    const late = await screen.findByTestId('business-row-1');
    await within(late).findByText('Overdue');
    expect(within(screen.getByTestId('business-row-2')).queryByText('Overdue')).toBeNull();
    expect(within(screen.getByTestId('business-row-3')).queryByText('Overdue')).toBeNull();
  });
});

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BusinessModerationItem } from '@meeet/core/api/business';
import { BusinessStatus } from '@meeet/core/enums';
import { serveApi } from '../../../test/api-server.ts';
import { forbidden, listPage } from '../../../test/list-page.ts';
import { renderPage } from '../../../test/render-page.tsx';
import i18n from '../../i18n/i18n.ts';
import ControlBusinessQueuePage from './control-queue-page.tsx';
import { NS } from './i18n.ts';

/** An application under review; a test changes what it is about. */
const application = (patch: Partial<BusinessModerationItem> = {}): BusinessModerationItem => ({
  id: 9,
  status: BusinessStatus.PENDING,
  reason: null,
  legalName: 'Café Luna GmbH',
  registrationNumber: 'HRB 12345',
  country: 'DE',
  address: 'Unter den Linden 1, Berlin',
  website: null,
  contact: '+49 30 000000',
  category: 'cafe',
  logoMediaId: null,
  venue: null,
  submittedAt: '2026-11-21T10:00:00.000Z',
  decidedAt: null,
  history: [],
  ownerId: 12,
  ownerEmail: 'luna@meeet.test',
  ...patch,
});
const venue = application();

const LIST = 'GET /api/business/moderate/list';
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

beforeEach(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces([NS, 'core', 'review-rules']);
});
afterEach(cleanup);

describe('control: business queue', () => {
  it('lists the applications under review with a link to each', async () => {
    const sent = serveApi({ [LIST]: () => listPage([venue]) });
    renderPage(<ControlBusinessQueuePage />);
    screen.getByRole('heading', { level: 1, name: 'Business accounts' });
    const row = await screen.findByRole('row', { name: /Café Luna GmbH/ });
    within(row).getByRole('cell', { name: 'luna@meeet.test' });
    within(row).getByText('Under review');
    expect(within(row).getByRole('link', { name: 'Open' }).getAttribute('href')).toBe(
      '/control/business/9',
    );
    for (const header of ['ID', 'Legal name', 'Owner', 'Submitted', 'Status']) {
      screen.getByRole('columnheader', { name: header });
    }
    expect(sent[0]?.query.get('status')).toBe('pending');
  });

  it('shows every status on "All", back on the first page', async () => {
    const sent = serveApi({ [LIST]: () => listPage([venue], 45) });
    renderPage(<ControlBusinessQueuePage />);
    await screen.findByRole('row', { name: /Café Luna GmbH/ });
    fireEvent.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(sent.at(-1)?.query.get('offset')).toBe('20'));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'All' }));
    await waitFor(() => expect(sent.at(-1)?.query.get('status')).toBeNull());
    expect(sent.at(-1)?.query.get('offset')).toBe('0');
  });

  it('says so when the queue is empty or cannot be loaded', async () => {
    serveApi({ [LIST]: () => listPage([]) });
    renderPage(<ControlBusinessQueuePage />);
    await screen.findByText('No business accounts here.');
    cleanup();

    serveApi({ [LIST]: forbidden });
    renderPage(<ControlBusinessQueuePage />);
    await screen.findByText('The business could not be loaded.');
  });

  it('marks pending applications waiting longer than the review target as overdue', async () => {
    const waiting = (id: number, hours: number, status: BusinessStatus = BusinessStatus.PENDING) =>
      application({ id, legalName: `Café ${id}`, submittedAt: hoursAgo(hours), status });
    serveApi({
      'GET /api/review-rules': () => ({
        maxAreaRadiusKm: 25,
        minDailyCap: 1,
        maxDailyCap: 100_000,
        reviewWithinHours: 48,
      }),
      [LIST]: () =>
        listPage([waiting(1, 50), waiting(2, 2), waiting(3, 90, BusinessStatus.APPROVED)]),
    });
    renderPage(<ControlBusinessQueuePage />);
    const late = await screen.findByTestId('business-row-1');
    await within(late).findByText('Overdue');
    expect(within(screen.getByTestId('business-row-2')).queryByText('Overdue')).toBeNull();
    expect(within(screen.getByTestId('business-row-3')).queryByText('Overdue')).toBeNull();
  });
});

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { KycModerationItem } from '@meeet/core/api/kyc';
import { serveApi } from '../../../test/api-server.ts';
import { renderPage } from '../../../test/render-page.tsx';
import i18n from '../../i18n/i18n.ts';
import { NS } from './i18n.ts';
import KycModerationPage from './kyc-moderation-page.tsx';

const application: KycModerationItem = {
  id: 41,
  email: 'lena@meeet.test',
  firstName: 'Lena',
  lastName: 'Berg',
  surName: null,
  bdate: '1990-05-17T00:00:00.000Z',
  country: 'DE',
  status: 'approved',
  moderatorComment: null,
  maxNftType: 0,
  requestedNftType: 1,
  levelRequestedAt: '2026-11-22T10:00:00.000Z',
  documentId: null,
  selfieId: null,
  submittedAt: '2026-11-21T10:00:00.000Z',
  decidedAt: null,
  history: [],
};

const LIST = 'GET /api/kyc/moderate/list';
const page = (list: KycModerationItem[], total = list.length) => ({
  offset: 0,
  limit: 20,
  total,
  list,
});

beforeEach(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces([NS, 'core']);
});
afterEach(cleanup);

describe('control: KYC moderation queue', () => {
  it('lists the waiting applications first, with the level asked for', async () => {
    const sent = serveApi({ [LIST]: () => page([application]) });
    renderPage(<KycModerationPage />);
    screen.getByRole('heading', { level: 1, name: 'KYC moderation' });
    const row = await screen.findByRole('row', { name: /Berg Lena/ });
    within(row).getByRole('cell', { name: '41', exact: true });
    within(row).getByText('Asks for Gold');
    for (const header of ['UID', 'Name', 'Submitted', 'Status']) {
      screen.getByRole('columnheader', { name: header });
    }
    expect(sent[0]?.query.get('status')).toBe('requested');
  });

  it('filters by status and by last name, back on the first page', async () => {
    const sent = serveApi({ [LIST]: () => page([application], 45) });
    renderPage(<KycModerationPage />);
    await screen.findByRole('row', { name: /Berg Lena/ });
    fireEvent.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(sent.at(-1)?.query.get('offset')).toBe('20'));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Asking for a higher level' }));
    await waitFor(() => expect(sent.at(-1)?.query.get('levelRequested')).toBe('true'));
    expect(sent.at(-1)?.query.get('status')).toBeNull();
    expect(sent.at(-1)?.query.get('offset')).toBe('0');

    fireEvent.change(screen.getByRole('textbox', { name: 'Last name' }), {
      target: { value: ' Ber ' },
    });
    await waitFor(() => expect(sent.at(-1)?.query.get('lastName')).toBe('Ber'));
  });

  it('opens the review of an application', async () => {
    serveApi({ [LIST]: () => page([application]) });
    renderPage(<KycModerationPage />);
    const row = await screen.findByRole('row', { name: /Berg Lena/ });
    fireEvent.click(within(row).getByRole('button', { name: 'Review' }));
    await screen.findByRole('dialog', { name: /^Verification of UID 41/ });
  });

  it('says so when nothing matches or the list cannot be loaded', async () => {
    serveApi({ [LIST]: () => page([]) });
    renderPage(<KycModerationPage />);
    await screen.findByText('No applications match.');
    cleanup();

    serveApi({
      [LIST]: () => Response.json({ code: 'FORBIDDEN', message: 'No' }, { status: 403 }),
    });
    renderPage(<KycModerationPage />);
    await screen.findByText('The applications could not be loaded.');
  });
});

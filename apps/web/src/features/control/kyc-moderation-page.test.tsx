import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serveApi } from '../../../test/api-server.ts';
import { forbidden, listPage } from '../../../test/list-page.ts';
import { renderPage } from '../../../test/render-page.tsx';
import i18n from '../../i18n/i18n.ts';
import { NS } from './i18n.ts';
import KycModerationPage from './kyc-moderation-page.tsx';
import { kycItemFixture } from './kyc.test-support.ts';

const application = kycItemFixture;
const LIST = 'GET /api/kyc/moderate/list';

beforeEach(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces([NS, 'core']);
});
afterEach(cleanup);

describe('control: KYC moderation queue', () => {
  it('lists the waiting applications first, with the level asked for', async () => {
    const sent = serveApi({ [LIST]: () => listPage([application]) });
    renderPage(<KycModerationPage />);
    screen.getByRole('heading', { level: 1, name: 'KYC moderation' });
    const row = await screen.findByRole('row', { name: /Admin Anna/ });
    within(row).getByRole('cell', { name: '7' });
    within(row).getByText('Asks for Gold');
    for (const header of ['UID', 'Name', 'Submitted', 'Status']) {
      screen.getByRole('columnheader', { name: header });
    }
    expect(sent[0]?.query.get('status')).toBe('requested');
  });

  it('filters by status and by last name, back on the first page', async () => {
    const sent = serveApi({ [LIST]: () => listPage([application], 45) });
    renderPage(<KycModerationPage />);
    await screen.findByRole('row', { name: /Admin Anna/ });
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
    serveApi({ [LIST]: () => listPage([application]) });
    renderPage(<KycModerationPage />);
    const row = await screen.findByRole('row', { name: /Admin Anna/ });
    fireEvent.click(within(row).getByRole('button', { name: 'Review' }));
    await screen.findByRole('dialog', { name: /^Verification of UID 7/ });
  });

  it('says so when nothing matches or the list cannot be loaded', async () => {
    serveApi({ [LIST]: () => listPage([]) });
    renderPage(<KycModerationPage />);
    await screen.findByText('No applications match.');
    cleanup();

    serveApi({ [LIST]: forbidden });
    renderPage(<KycModerationPage />);
    await screen.findByText('The applications could not be loaded.');
  });
});

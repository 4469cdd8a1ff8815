import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ActiveSession } from '@meeet/core/api/security';
import { serveApi } from '../../../../test/api-server.ts';
import { renderPage } from '../../../../test/render-page.tsx';
import i18n from '../../../i18n/i18n.ts';
import { NS } from '../i18n.ts';
import { AntiPhishingForm } from './anti-phishing-form.tsx';
import { SessionsList } from './sessions-list.tsx';

const THIS: ActiveSession = {
  id: '00000000-0000-4000-8000-000000000001',
  client: 'browser',
  browser: 'Chrome 130',
  os: 'macOS 15',
  country: 'DE',
  createdAt: '2026-11-28T08:00:00.000Z',
  lastSeenAt: '2026-11-28T09:00:00.000Z',
  current: true,
};
const PHONE: ActiveSession = {
  ...THIS,
  id: '00000000-0000-4000-8000-000000000002',
  client: 'app',
  browser: null,
  os: 'iOS',
  country: null,
  current: false,
};

beforeEach(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(NS);
});
afterEach(cleanup);

describe('sessions on the security page', () => {
  it('lists the devices with their place and signs another one out', async () => {
    let list = [THIS, PHONE];
    const sent = serveApi({
      'GET /api/security/sessions': () => ({ list }),
      'DELETE /api/security/sessions/:sessionId': () => {
        list = [THIS];
        return { ended: 1 };
      },
    });
    renderPage(<SessionsList />);
    const sessions = await screen.findByRole('list', { name: 'Sessions' });
    within(sessions).getByText('Chrome 130 · macOS 15');
    within(sessions).getByText(/^Germany · last active/);
    within(sessions).getByText('This device');
    within(sessions).getByText(/^unknown place · last active/);
    fireEvent.click(screen.getByRole('button', { name: 'Sign out MEEET app · iOS' }));
    await waitFor(() => expect(screen.queryByText('MEEET app · iOS')).toBeNull());
    expect(sent.find((call) => call.method === 'DELETE')).toMatchObject({
      method: 'DELETE',
      path: `/api/security/sessions/${PHONE.id}`,
    });
  });

  it('signs out everywhere else, in Russian', async () => {
    await i18n.changeLanguage('ru');
    await i18n.loadNamespaces(NS);
    serveApi({
      'GET /api/security/sessions': () => ({ list: [THIS, PHONE] }),
      'POST /api/security/sessions/end-others': () => ({ ended: 1 }),
    });
    renderPage(<SessionsList />);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Выйти на всех других устройствах' }),
    );
    await screen.findByText('Завершён 1 другой сеанс.');
  });
});

describe('the anti-phishing code', () => {
  it('refuses a too short phrase and saves a good one', async () => {
    let phrase: string | null = null;
    const sent = serveApi({
      'GET /api/security/anti-phishing': () => ({ phrase }),
      'PUT /api/security/anti-phishing': ({ body }) => {
        phrase = (body as { phrase: string }).phrase;
        return { phrase };
      },
    });
    renderPage(<AntiPhishingForm />);
    await screen.findByText('No code is set.');
    const field = screen.getByLabelText('New code');
    fireEvent.change(field, { target: { value: 'ab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(sent.filter((call) => call.method === 'PUT')).toHaveLength(0);
    fireEvent.change(field, { target: { value: 'Blue heron 7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Your code: Blue heron 7');
  });
});

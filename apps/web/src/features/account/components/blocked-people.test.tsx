import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serveApi } from '../../../../test/api-server.ts';
import { renderPage } from '../../../../test/render-page.tsx';
import i18n from '../../../i18n/i18n.ts';
import { NS } from '../i18n.ts';
import { BlockedPeople } from './blocked-people.tsx';

beforeEach(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(NS);
});
afterEach(cleanup);

describe('blocked people on the account page', () => {
  it('lists the people I blocked and unblocks one', async () => {
    const sent = serveApi({
      'GET /api/meet/blocks': () => ({ list: [2, 7] }),
      'DELETE /api/meet/blocks/:userId': () => ({ list: [7] }),
    });
    renderPage(<BlockedPeople />);
    fireEvent.click(await screen.findByRole('button', { name: 'Unblock User #2' }));
    await waitFor(() => expect(screen.queryByText('User #2')).toBeNull());
    // Still listed: the query throws if the other blocked person went too.
    screen.getByText('User #7');
    expect(sent.at(-1)).toMatchObject({ method: 'DELETE', path: '/api/meet/blocks/2' });
  });

  it('says when nobody is blocked, in Russian', async () => {
    await i18n.changeLanguage('ru');
    serveApi({ 'GET /api/meet/blocks': () => ({ list: [] }) });
    renderPage(<BlockedPeople />);
    await screen.findByText('Вы никого не заблокировали');
  });
});

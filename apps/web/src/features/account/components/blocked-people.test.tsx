import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serveApi } from '../../../../test/api-server.ts';
import { renderPage } from '../../../../test/render-page.tsx';
import i18n from '../../../i18n/i18n.ts';
import { NS } from '../i18n.ts';
import { BlockedPeople } from './blocked-people.tsx';
import { blockList, blockedPerson } from '@meeet/core/api/meet.test-support';

beforeEach(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(NS);
});
afterEach(cleanup);

describe('blocked people on the account page', () => {
  it('names the people I blocked and unblocks one', async () => {
    const sent = serveApi({
      'GET /api/meet/blocks': () =>
        blockList(
          blockedPerson(2, 'boris'),
          blockedPerson(5, null, 'Vera'),
          blockedPerson(7, null),
        ),
      'DELETE /api/meet/blocks/:userId': () =>
        blockList(blockedPerson(5, null, 'Vera'), blockedPerson(7, null)),
    });
    renderPage(<BlockedPeople />);
    fireEvent.click(await screen.findByRole('button', { name: 'Unblock boris' }));
    await waitFor(() => expect(screen.queryByText('boris')).toBeNull());
    screen.getByText('Vera');
    // Still listed: the query throws if the other blocked person went too.
    screen.getByText('User #7');
    expect(sent.at(-1)).toMatchObject({ method: 'DELETE', path: '/api/meet/blocks/2' });
  });

  it('says when nobody is blocked, in Russian', async () => {
    await i18n.changeLanguage('ru');
    serveApi({ 'GET /api/meet/blocks': () => blockList() });
    renderPage(<BlockedPeople />);
    await screen.findByText('Вы никого не заблокировали');
  });
});

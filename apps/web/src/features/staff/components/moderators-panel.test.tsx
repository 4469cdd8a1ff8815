import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ModeratorList } from '@meeet/core/api/moderators';
import { serveApi } from '../../../../test/api-server.ts';
import { renderPage } from '../../../../test/render-page.tsx';
import i18n from '../../../i18n/i18n.ts';
import { NS } from '../i18n.ts';
import { ModeratorsPanel } from './moderators-panel.tsx';

const holder = (id: number, moderates: (0 | 1 | 2)[]) => ({
  id,
  email: `holder${id}@meeet.test`,
  nickname: null,
  role: moderates.length > 0 ? ('moderator' as const) : ('user' as const),
  firstPurchaseAt: '2026-11-01T10:00:00.000Z',
  moderates,
});

/** Serves the list and answers every appointment; returns the appointments sent. */
function serve(list: ModeratorList, appointAnswer: () => Response) {
  const sent = serveApi({
    'GET /api/staff/moderators': () => list,
    'POST /api/staff/moderators/:id': appointAnswer,
  });
  return () => sent.filter((r) => r.method === 'POST').map(({ path, body }) => ({ path, body }));
}

const show = () => renderPage(<ModeratorsPanel />);

beforeEach(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces([NS, 'core']);
});
afterEach(cleanup);

describe('control: appointing moderators', () => {
  const list: ModeratorList = {
    levels: [
      { level: 0, holders: [holder(11, []), holder(12, [0])] },
      { level: 1, holders: [] },
      { level: 2, holders: [holder(13, [])] },
    ],
  };

  it("lists each level's earliest holders in order with Appoint and Remove", async () => {
    const appointments = serve(list, () =>
      HttpResponse.json({ userId: 11, role: 'moderator', moderates: [0] }),
    );
    show();
    const silver = await screen.findByRole('table', { name: 'Silver: earliest holders' });
    const rows = within(silver).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual([
      'holder11@meeet.test',
      'holder12@meeet.test',
    ]);
    expect(within(rows[1]!).getByRole('button').textContent).toBe('Remove from Silver');
    screen.getByText('Nobody has bought this level yet.');
    const platinum = screen.getByRole('table', { name: 'Platinum: earliest holders' });
    expect(within(platinum).getByRole('button').textContent).toBe('Appoint for Platinum');

    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Appoint for Silver' }));
    await waitFor(() =>
      expect(appointments()).toEqual([
        { path: '/api/staff/moderators/11', body: { level: 0, appoint: true } },
      ]),
    );
  });

  it('shows a refusal beside the button and in Russian', async () => {
    await i18n.changeLanguage('ru');
    serve(list, () =>
      HttpResponse.json(
        { code: 'CONFLICT', message: 'Модерировать уровень может только его владелец' },
        { status: 409 },
      ),
    );
    show();
    const platinum = await screen.findByRole('table', { name: 'Platinum: первые владельцы' });
    fireEvent.click(within(platinum).getByRole('button', { name: 'Назначить для Platinum' }));
    const alert = await within(platinum).findByRole('alert');
    expect(alert.textContent).toBe('Модерировать уровень может только его владелец');
  });
});

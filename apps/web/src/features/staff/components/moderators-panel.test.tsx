import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModeratorList } from '@meeet/core/api/moderators';
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

function serve(list: ModeratorList, appointAnswer: () => Response) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (init?.method === 'POST') {
        calls.push({ url, body: JSON.parse(String(init.body)) });
        return appointAnswer();
      }
      return Response.json(list);
    }),
  );
  return calls;
}

function show() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <ModeratorsPanel />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces([NS, 'core']);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('control: appointing moderators', () => {
  const list: ModeratorList = {
    levels: [
      { level: 0, holders: [holder(11, []), holder(12, [0])] },
      { level: 1, holders: [] },
      { level: 2, holders: [holder(13, [])] },
    ],
  };

  it("lists each level's earliest holders in order with Appoint and Remove", async () => {
    const calls = serve(list, () =>
      Response.json({ userId: 11, role: 'moderator', moderates: [0] }),
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
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      url: '/api/staff/moderators/11',
      body: { level: 0, appoint: true },
    });
  });

  it('shows a refusal beside the button and in Russian', async () => {
    await i18n.changeLanguage('ru');
    serve(list, () =>
      Response.json(
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

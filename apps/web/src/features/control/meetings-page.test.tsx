import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ModerationMeetingList } from '@meeet/core/api/meetings';
import { serveApi } from '../../../test/api-server.ts';
import { renderPage } from '../../../test/render-page.tsx';
import i18n from '../../i18n/i18n.ts';
import { NS } from './i18n.ts';
import MeetingsPage from './meetings-page.tsx';

type ModerationMeeting = ModerationMeetingList['list'][number];

const refused: ModerationMeeting = {
  id: 41,
  userIds: [12, 34],
  method: 'code',
  status: 'completed',
  outcome: 'refused',
  reasons: ['device-locked', 'kyc-required'],
  level: 1,
  startedAt: '2026-11-23T09:00:00.000Z',
  endedAt: '2026-11-23T09:20:00.000Z',
  minutesCounted: 18,
  minutesNeeded: 17,
  token: null,
  mintError: null,
};

const mintFailed: ModerationMeeting = {
  ...refused,
  id: 42,
  userIds: [56, 78],
  method: 'ble',
  outcome: 'mint_failed',
  reasons: [],
  level: 0,
  mintError: 'execution reverted: MintLimit',
};

const notProven: ModerationMeeting = {
  ...refused,
  id: 43,
  userIds: [90, 91],
  status: 'failed',
  outcome: 'not_proven',
  reasons: ['implausible-speed'],
  level: null,
  endedAt: null,
  minutesCounted: 3,
};

const page = (list: ModerationMeeting[]) => ({ offset: 0, limit: 20, total: list.length, list });
const LIST = 'GET /api/meetings/moderation';
const LIFT = 'DELETE /api/meetings/device-lock/:userId';

beforeEach(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(NS);
});
afterEach(cleanup);

describe('control: meetings', () => {
  it('shows a loading state, then the meetings with their reasons in words', async () => {
    const sent = serveApi({ [LIST]: () => page([refused, mintFailed, notProven]) });
    renderPage(<MeetingsPage />);
    screen.getByRole('heading', { name: 'Meetings' });
    screen.getByLabelText('Loading meetings');

    const first = await screen.findByRole('article', { name: 'Meeting #41' });
    within(first).getByRole('heading', { name: 'UID 12 and UID 34' });
    within(first).getByText('Completed');
    within(first).getByText('Mint refused');
    within(first).getByText(/Level: Gold/);
    within(first).getByText(/Handshake: code or QR/);
    within(first).getByText(/18 of 17 minutes counted/);
    within(first).getByText('Minting is paused by the device-protection lock');
    within(first).getByText('Gold and Platinum need verified KYC');
    // A device lock blocked it: either user's lock can be lifted.
    within(first).getByRole('button', { name: 'Lift device lock of UID 12' });
    within(first).getByRole('button', { name: 'Lift device lock of UID 34' });

    const failed = screen.getByRole('article', { name: 'Meeting #42' });
    within(failed).getByText('Mint failed');
    within(failed).getByText('execution reverted: MintLimit');
    within(failed).getByText('No reason recorded.');
    expect(within(failed).queryByRole('button', { name: /Lift device lock/ })).toBeNull();

    const unproven = screen.getByRole('article', { name: 'Meeting #43' });
    within(unproven).getByText('Failed');
    within(unproven).getByText('Not proven');
    within(unproven).getByText(/Level: not decided/);
    within(unproven).getByText(/not ended/);
    within(unproven).getByText('A location jumped faster than anyone can move');

    expect(sent.map((r) => `${r.path}?${r.query}`)).toEqual([
      '/api/meetings/moderation?offset=0&limit=20',
    ]);
  });

  it('says so when there are none', async () => {
    serveApi({ [LIST]: () => page([]) });
    renderPage(<MeetingsPage />);
    await screen.findByText('No refused or failed meetings.');
  });

  it('says so when they cannot be loaded', async () => {
    serveApi({
      [LIST]: () => Response.json({ code: 'FORBIDDEN', message: 'No' }, { status: 403 }),
    });
    renderPage(<MeetingsPage />);
    await screen.findByText('The meetings could not be loaded.');
  });

  it("lifts a user's device lock and shows the result", async () => {
    const sent = serveApi({
      [LIST]: () => page([refused]),
      [LIFT]: () => ({ locked: false, until: null, remainingMs: 0, wasLocked: true }),
    });
    renderPage(<MeetingsPage />);
    const card = await screen.findByRole('article', { name: 'Meeting #41' });
    fireEvent.click(within(card).getByRole('button', { name: 'Lift device lock of UID 34' }));
    await within(card).findByText('The device lock of UID 34 is lifted: minting is allowed again.');
    const deletes = sent.filter((r) => r.method === 'DELETE');
    expect(deletes.map((r) => r.path)).toEqual(['/api/meetings/device-lock/34']);
  });

  it('says so when there was no lock to lift', async () => {
    serveApi({
      [LIST]: () => page([refused]),
      [LIFT]: () => ({ locked: false, until: null, remainingMs: 0, wasLocked: false }),
    });
    renderPage(<MeetingsPage />);
    const card = await screen.findByRole('article', { name: 'Meeting #41' });
    fireEvent.click(within(card).getByRole('button', { name: 'Lift device lock of UID 12' }));
    await within(card).findByText('UID 12 was not under the device lock: nothing to lift.');
  });

  it("shows the server's message when the lift is refused", async () => {
    serveApi({
      [LIST]: () => page([refused]),
      [LIFT]: () =>
        Response.json({ code: 'USER_NOT_FOUND', message: 'Not found' }, { status: 404 }),
    });
    renderPage(<MeetingsPage />);
    const card = await screen.findByRole('article', { name: 'Meeting #41' });
    fireEvent.click(within(card).getByRole('button', { name: 'Lift device lock of UID 12' }));
    await waitFor(() => within(card).getByText('Not found'));
  });

  it('reads in Russian', async () => {
    await i18n.changeLanguage('ru');
    await i18n.loadNamespaces(NS);
    serveApi({ [LIST]: () => page([refused]) });
    renderPage(<MeetingsPage />);
    const card = await screen.findByRole('article', { name: 'Встреча №41' });
    screen.getByRole('heading', { name: 'Встречи' });
    within(card).getByRole('heading', { name: 'UID 12 и UID 34' });
    within(card).getByText('Выпуск отклонён');
    within(card).getByText('Выпуск приостановлен защитной блокировкой устройства');
    within(card).getByText('Для Gold и Platinum нужна пройденная KYC');
    within(card).getByRole('button', { name: 'Снять блокировку устройства с UID 34' });
  });
});

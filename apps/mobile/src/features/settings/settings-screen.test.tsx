import { act, fireEvent, screen, waitFor } from '@testing-library/react-native';
import { fakeServer, me, renderScreen, signedIn } from '../../../test/helpers.tsx';
import * as socket from '../../../test/socket-mock.ts';
import { localeStore } from '../../lib/locale-state.ts';
import { pushNotification } from '../../lib/notifications.ts';
import { sessionStore } from '../../lib/session.ts';
import { readItem, writeItem } from '../../lib/storage.ts';
import { STORAGE_KEYS } from '../../lib/storage-keys.ts';
import { NotificationsScreen } from '../notifications/notifications-screen.tsx';
import { SettingsScreen } from './settings-screen.tsx';

jest.mock(
  '../../lib/socket.ts',
  () => jest.requireActual('../../../test/socket-mock.ts').socketModule,
);

describe('settings', () => {
  beforeEach(() => {
    signedIn();
    socket.reset();
  });

  it('loads the account, then shows the device lock timer', async () => {
    fakeServer({ 'GET /api/user/me': 'pending' });
    await renderScreen(<SettingsScreen onNotifications={() => undefined} />);
    expect(screen.getByLabelText('Loading…')).toBeOnTheScreen();

    const until = new Date(Date.now() + 2 * 3_600_000 + 5 * 60_000 + 30_000).toISOString();
    fakeServer({ 'GET /api/user/me': { body: { ...me, deviceLockUntil: until } } });
    await renderScreen(<SettingsScreen onNotifications={() => undefined} />);
    expect(
      await screen.findByText(
        'Minting is paused for 2 h 5 min to protect your account (the Meetings tab says why)',
      ),
    ).toBeOnTheScreen();
  });

  it('switches the language to Russian and tells the server', async () => {
    const calls = fakeServer({
      'GET /api/user/me': { body: me },
      'POST /api/user/profile-update': { body: { ...me, locale: 'ru' } },
    });
    await renderScreen(<SettingsScreen onNotifications={() => undefined} />);
    await fireEvent.press(await screen.findByRole('checkbox', { name: 'Русский' }));
    expect(await screen.findByText('Создание токенов не приостановлено')).toBeOnTheScreen();
    expect(localeStore.get()).toBe('ru');
    expect(calls.at(-1)?.body).toEqual({ locale: 'ru' });
  });

  it('turns ghost mode on and signs out', async () => {
    fakeServer({ 'GET /api/user/me': { body: me } });
    await renderScreen(<SettingsScreen onNotifications={() => undefined} />);
    await fireEvent(
      await screen.findByLabelText('Ghost mode (hide me from the map)'),
      'valueChange',
      true,
    );
    expect(socket.emitted).toContainEqual({ event: 'hand:ghost', payload: { ghost: true } });
    await fireEvent.press(screen.getByRole('button', { name: 'Sign out' }));
    expect(sessionStore.get().auth).toBeNull();
  });

  it("lists the push switches, and forgets the phone's push token when signing out", async () => {
    const calls = fakeServer({
      'GET /api/user/me': { body: me },
      'GET /api/push/settings': {
        body: {
          enabled: true,
          settings: { messages: true, meetings: true, money: true, kyc: false, news: true },
        },
      },
      'DELETE /api/push/token': { body: { ok: true } },
    });
    await writeItem(STORAGE_KEYS.pushToken, 'cd'.repeat(32));
    await renderScreen(<SettingsScreen onNotifications={() => undefined} />);
    expect(await screen.findByLabelText('Verification decisions')).toHaveProp('value', false);
    await fireEvent.press(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(sessionStore.get().auth).toBeNull());
    const forgotten = calls.find((call) => call.method === 'DELETE');
    expect(forgotten?.path).toBe('/api/push/token');
    expect(await readItem(STORAGE_KEYS.pushToken)).toBeNull();
  });

  it('shows an error', async () => {
    fakeServer({
      'GET /api/user/me': {
        status: 500,
        body: { message: 'Something went wrong on our side. Please try again later' },
      },
    });
    await renderScreen(<SettingsScreen onNotifications={() => undefined} />);
    expect(
      await screen.findByText('Something went wrong on our side. Please try again later'),
    ).toBeOnTheScreen();
  });
});

describe('notifications', () => {
  it('is empty at first', async () => {
    await renderScreen(<NotificationsScreen />, 'ru');
    expect(screen.getByText('Ничего нового')).toBeOnTheScreen();
  });

  it('lists what the server pushed', async () => {
    await act(async () => pushNotification({ text: 'Silver #3 minted', color: 'success' }));
    await renderScreen(<NotificationsScreen />);
    expect(await screen.findByText('Silver #3 minted')).toBeOnTheScreen();
    expect(screen.queryByText('Nothing new')).toBeNull();
  });
});

import { act, fireEvent, screen, waitFor } from '@testing-library/react-native';
import { Linking } from 'react-native';
import * as Notifications from 'expo-notifications';
import { fakeServer, renderScreen, signedIn } from '../../../test/helpers.tsx';
import { PushOffer } from './push-offer.tsx';
import { PushSettingsCard } from './push-settings.tsx';

const permissions = jest.mocked(Notifications.getPermissionsAsync);
const request = jest.mocked(Notifications.requestPermissionsAsync);
type PermissionAnswer = Awaited<ReturnType<typeof Notifications.getPermissionsAsync>>;
const answer = (status: 'granted' | 'denied' | 'undetermined') =>
  ({
    status,
    granted: status === 'granted',
    canAskAgain: true,
    expires: 'never',
  }) as PermissionAnswer;

const ALL_ON = { messages: true, meetings: true, money: true, kyc: true, news: true };
const DEVICE_TOKEN = 'ab'.repeat(32);

beforeEach(() => {
  signedIn();
  permissions.mockReset();
  request.mockReset();
});

describe('push notifications in settings', () => {
  it('explains why before iOS asks, then registers the token and shows the switches', async () => {
    permissions.mockResolvedValue(answer('undetermined'));
    request.mockResolvedValue(answer('granted'));
    const calls = fakeServer({
      'PUT /api/push/token': { body: { ok: true } },
      'GET /api/push/settings': { body: { enabled: true, settings: ALL_ON } },
    });
    await renderScreen(<PushSettingsCard />);

    expect(
      await screen.findByText(/Hear of a message, a meeting that minted or a payment/),
    ).toBeOnTheScreen();
    expect(request).not.toHaveBeenCalled();
    await fireEvent.press(screen.getByRole('button', { name: 'Turn on notifications' }));

    expect(await screen.findByLabelText('Messages')).toBeOnTheScreen();
    expect(request).toHaveBeenCalledTimes(1);
    expect(calls.find((call) => call.path === '/api/push/token')?.body).toEqual({
      token: DEVICE_TOKEN,
      platform: 'ios',
    });
    for (const label of [
      'Meetings and their outcome',
      'Deposits, sales and withdrawals',
      'Verification decisions',
      'News',
    ]) {
      expect(screen.getByLabelText(label)).toBeOnTheScreen();
    }
  });

  it('saves a kind switched off, keeping the others', async () => {
    permissions.mockResolvedValue(answer('granted'));
    const calls = fakeServer({
      'GET /api/push/settings': { body: { enabled: true, settings: ALL_ON } },
      'PUT /api/push/settings': ({ body }) => ({ body: { enabled: true, settings: body } }),
    });
    await renderScreen(<PushSettingsCard />, 'ru');

    await fireEvent(
      await screen.findByLabelText('Пополнения, продажи и выводы'),
      'valueChange',
      false,
    );
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        ...ALL_ON,
        money: false,
      }),
    );
    expect(screen.getByLabelText('Пополнения, продажи и выводы')).toHaveProp('value', false);
    expect(screen.getByLabelText('Сообщения')).toHaveProp('value', true);
  });

  it('says so when the server sends no pushes', async () => {
    permissions.mockResolvedValue(answer('granted'));
    fakeServer({ 'GET /api/push/settings': { body: { enabled: false, settings: ALL_ON } } });
    await renderScreen(<PushSettingsCard />);
    expect(await screen.findByText(/This server sends no notifications yet/)).toBeOnTheScreen();
  });

  it('leads to the iPhone settings when notifications were refused', async () => {
    permissions.mockResolvedValue(answer('denied'));
    const openSettings = jest.spyOn(Linking, 'openSettings').mockResolvedValue(undefined);
    fakeServer({});
    await renderScreen(<PushSettingsCard />);
    expect(await screen.findByText(/Notifications are off for MEEET/)).toBeOnTheScreen();
    await fireEvent.press(screen.getByRole('button', { name: 'Open iPhone settings' }));
    expect(openSettings).toHaveBeenCalled();
    expect(screen.queryByLabelText('Messages')).toBeNull();
  });

  it('shows the server error when the token cannot be registered', async () => {
    permissions.mockResolvedValue(answer('undetermined'));
    request.mockResolvedValue(answer('granted'));
    fakeServer({
      'PUT /api/push/token': { status: 400, body: { message: 'Invalid push token' } },
    });
    await renderScreen(<PushSettingsCard />);
    await fireEvent.press(await screen.findByRole('button', { name: 'Turn on notifications' }));
    expect(await screen.findByText('Invalid push token')).toBeOnTheScreen();
  });
});

describe('push offer after writing to someone', () => {
  it('offers pushes naming the partner, and asks iOS only on a tap', async () => {
    permissions.mockResolvedValue(answer('undetermined'));
    request.mockResolvedValue(answer('granted'));
    fakeServer({ 'PUT /api/push/token': { body: { ok: true } } });
    await renderScreen(<PushOffer name="Boris" />);
    expect(
      await screen.findByText('Get a notification when Boris answers, even with MEEET closed?'),
    ).toBeOnTheScreen();
    await fireEvent.press(screen.getByRole('button', { name: 'Turn on notifications' }));
    expect(request).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByText(/Get a notification/)).toBeNull());
  });

  it('goes away on "Not now" and is never shown once iOS was asked', async () => {
    permissions.mockResolvedValue(answer('undetermined'));
    await renderScreen(<PushOffer name="Boris" />);
    await fireEvent.press(await screen.findByRole('button', { name: 'Not now' }));
    expect(screen.queryByText(/Get a notification/)).toBeNull();
    expect(request).not.toHaveBeenCalled();

    permissions.mockClear();
    permissions.mockResolvedValue(answer('denied'));
    await renderScreen(<PushOffer name="Boris" />);
    await waitFor(() => expect(permissions).toHaveBeenCalled());
    await act(async () => permissions.mock.results[0]?.value);
    expect(screen.queryByText(/Get a notification/)).toBeNull();
  });
});

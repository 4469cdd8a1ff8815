import { fireEvent, screen } from '@testing-library/react-native';
import type { Meeting } from '@meeet/core/api/meetings';
import { card, fakeServer, renderScreen, signedIn } from '../../../test/helpers.tsx';
import * as socket from '../../../test/socket-mock.ts';
import { MeetingsScreen } from './meetings-screen.tsx';

jest.mock(
  '../../lib/socket.ts',
  () => jest.requireActual('../../../test/socket-mock.ts').socketModule,
);
jest.mock('../../lib/location', () => ({ startMeetingUpdates: async () => () => undefined }));
// The phone's Bluetooth is off here: the screen offers the code exchange.
jest.mock('../../lib/proximity', () => ({
  proximityRadio: {
    available: async () => false,
    startAdvertising: async () => undefined,
    stopAdvertising: async () => undefined,
    startScanning: async () => undefined,
    stopScanning: () => undefined,
  },
}));

const idle = {
  active: null,
  deviceLock: { locked: false, until: null, remainingMs: 0 },
  denial: { denied: false, meetingsLeft: null, annulled: false },
  meetingsCount: 0,
};
const meeting = (over: Partial<Meeting> = {}): Meeting => ({
  id: 7,
  partner: card(2, 'boris'),
  method: 'code',
  status: 'active',
  outcome: 'pending',
  reasons: [],
  level: null,
  startedAt: '2026-11-23T10:00:00.000Z',
  endedAt: null,
  minutesCounted: 0,
  minutesNeeded: 17,
  token: null,
  ...over,
});

describe('meetings', () => {
  beforeEach(() => {
    signedIn();
    socket.reset();
  });

  it('shows loading, then an empty history and the code exchange without Bluetooth', async () => {
    fakeServer({ 'GET /api/meetings/status': 'pending', 'GET /api/meetings': 'pending' });
    await renderScreen(<MeetingsScreen />);
    expect(screen.getAllByLabelText('Loading…').length).toBeGreaterThan(0);

    fakeServer({
      'GET /api/meetings/status': { body: idle },
      'GET /api/meetings': { body: { offset: 0, limit: 20, total: 0, list: [] } },
    });
    await renderScreen(<MeetingsScreen />);
    expect(await screen.findByText(/No meetings yet/)).toBeOnTheScreen();
    expect(await screen.findByText(/Bluetooth is off or missing/)).toBeOnTheScreen();
  });

  it('shows a code and starts a meeting with the partner’s code; minutes arrive live', async () => {
    let status: object = idle;
    fakeServer({
      'GET /api/meetings/status': () => ({ body: status }),
      'GET /api/meetings': { body: { offset: 0, limit: 20, total: 0, list: [] } },
      'POST /api/meetings/handshake/code': {
        body: {
          phase: 'start',
          code: '123456',
          qr: 'meeet:hs:1:123456:x',
          meetingId: null,
          expiresAt: Date.now() + 120_000,
        },
      },
      'POST /api/meetings/handshake': () => {
        status = { ...idle, active: meeting() };
        return { body: { meeting: meeting() } };
      },
    });
    await renderScreen(<MeetingsScreen />);
    await fireEvent.press(await screen.findByRole('button', { name: 'Show my code' }));
    expect(await screen.findByText('Your code: 123456')).toBeOnTheScreen();
    await fireEvent.changeText(screen.getByLabelText("Partner's code"), '654321');
    await fireEvent.press(screen.getByRole('button', { name: 'Confirm the code' }));
    expect(await screen.findByText('Meeting with boris in progress')).toBeOnTheScreen();
    await socket.push('meeting:progress', {
      meetingId: 7,
      status: 'active',
      minutesCounted: 5,
      minutesNeeded: 17,
      gapMinutes: 0,
      maxGapMinutes: 3,
      elapsedMinutes: 6,
      windowMinutes: 20,
    });
    expect(await screen.findByText('5 of 17 minutes together')).toBeOnTheScreen();
  });

  it('shows a wrong code, the device lock and the denial counter in Russian', async () => {
    fakeServer({
      'GET /api/meetings/status': {
        body: {
          ...idle,
          deviceLock: { locked: true, until: '2026-11-25T10:00:00.000Z', remainingMs: 5_400_000 },
          denial: { denied: true, meetingsLeft: 2, annulled: false },
        },
      },
      'GET /api/meetings': { body: { offset: 0, limit: 20, total: 0, list: [] } },
      'POST /api/meetings/handshake': {
        status: 400,
        body: {
          code: 'INVALID_CODE',
          message: 'Код неверен или устарел. Попросите у партнёра новый',
        },
      },
    });
    await renderScreen(<MeetingsScreen />, 'ru');
    expect(
      await screen.findByText(
        'Вы вошли с нового устройства. Чтобы защитить ваш аккаунт, встречи не создают токены ещё 1 ч 30 мин',
      ),
    ).toBeOnTheScreen();
    expect(screen.getByText('Встреч до аннулирования статуса: 2')).toBeOnTheScreen();
    await fireEvent.changeText(screen.getByLabelText('Код партнёра'), '000000');
    await fireEvent.press(screen.getByRole('button', { name: 'Подтвердить код' }));
    expect(
      await screen.findByText('Код неверен или устарел. Попросите у партнёра новый'),
    ).toBeOnTheScreen();
  });

  it('shows the outcome: the minted token, or the reasons there is none', async () => {
    fakeServer({
      'GET /api/meetings/status': { body: { ...idle, meetingsCount: 2 } },
      'GET /api/meetings': {
        body: {
          offset: 0,
          limit: 20,
          total: 2,
          list: [
            meeting({
              id: 8,
              status: 'completed',
              outcome: 'minted',
              level: 0,
              token: { id: '3', name: 'Silver #3' },
            }),
            meeting({
              id: 7,
              status: 'completed',
              outcome: 'refused',
              level: 1,
              reasons: ['kyc-required'],
            }),
          ],
        },
      },
    });
    await renderScreen(<MeetingsScreen />);
    expect(await screen.findByText('Minted Silver #3')).toBeOnTheScreen();
    expect(screen.getByText('No token: Gold and Platinum need verified KYC')).toBeOnTheScreen();
    await socket.push(
      'meeting:updated',
      meeting({
        status: 'completed',
        outcome: 'minted',
        level: 0,
        token: { id: '3', name: 'Silver #3' },
      }),
    );
    expect(
      await screen.findByText('You met boris: Silver #3 is minted with you both as its generators'),
    ).toBeOnTheScreen();
  });

  it('shows an error with a retry', async () => {
    fakeServer({
      'GET /api/meetings/status': {
        status: 503,
        body: { message: 'The service is temporarily unavailable' },
      },
      'GET /api/meetings': {
        status: 503,
        body: { message: 'The service is temporarily unavailable' },
      },
    });
    await renderScreen(<MeetingsScreen />);
    expect((await screen.findAllByText('The service is temporarily unavailable')).length).toBe(2);
  });
});

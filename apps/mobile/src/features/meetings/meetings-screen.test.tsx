import { act, fireEvent, screen, waitFor } from '@testing-library/react-native';
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
jest.mock('../../lib/proximity', () =>
  jest.requireActual('../../../test/proximity-mock.ts').proximityModule({ available: false }),
);
// The camera is mocked at its boundary, expo-camera's public API: the permission hook answers
// what a test sets, and the camera view hands its props to the test, which "shows" it a QR by
// calling onBarcodeScanned as the native scanner would.
const camera: {
  permission: { granted: boolean; canAskAgain: boolean } | null;
  props: { onBarcodeScanned?: (result: { type: string; data: string }) => void } | null;
  requested: number;
} = { permission: { granted: true, canAskAgain: true }, props: null, requested: 0 };
jest.mock('expo-camera', () => ({
  CameraView: (props: NonNullable<typeof camera.props>) => {
    camera.props = props;
    return null;
  },
  useCameraPermissions: () => [
    camera.permission,
    async () => {
      camera.requested++;
      return camera.permission;
    },
  ],
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

/** A start code as the server issues it: its QR carries a nonce; it rotates in `rotateMs`. */
const startCode = (code: string, rotateMs = 30_000) => ({
  phase: 'start',
  code,
  qr: `meeet:hs:2:${code}:${code}0000000000:${'ab'.repeat(16)}`,
  meetingId: null,
  expiresAt: Date.now() + 120_000,
  rotateAt: Date.now() + rotateMs,
});

describe('meetings', () => {
  beforeEach(() => {
    signedIn();
    socket.reset();
    camera.permission = { granted: true, canAskAgain: true };
    camera.props = null;
    camera.requested = 0;
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
      'POST /api/meetings/handshake/code': { body: startCode('123456') },
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
      'GET /api/spots/visited': {
        body: {
          meetings: [
            {
              meetingId: 8,
              spot: {
                id: 3,
                name: 'Café Luna',
                category: 'cafe',
                openingHours: 'Daily 9–22',
                photoMediaId: null,
                lat: 55.75,
                lon: 37.61,
                perk: null,
              },
            },
          ],
        },
      },
    });
    await renderScreen(<MeetingsScreen />);
    expect(await screen.findByText('Minted Silver #3')).toBeOnTheScreen();
    // The meeting held at a venue's spot names the place.
    expect(await screen.findByText('At the meeting spot Café Luna')).toBeOnTheScreen();
    expect(
      screen.getByText('No token: Gold and Platinum need verified KYC for both of you'),
    ).toBeOnTheScreen();
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
      await screen.findByText(
        'You met boris: Silver #3 is minted and goes on sale on the market. Each time it sells, you two share 40% of its price',
      ),
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
  it('says plainly how long a meeting takes: 17 of 20 minutes together', async () => {
    fakeServer({
      'GET /api/meetings/status': { body: idle },
      'GET /api/meetings': { body: { offset: 0, limit: 20, total: 0, list: [] } },
    });
    const english = await renderScreen(<MeetingsScreen />);
    expect(
      await screen.findByText(/stay within a few metres for 17 of 20 minutes/),
    ).toBeOnTheScreen();
    await act(async () => english.unmount());
    await renderScreen(<MeetingsScreen />, 'ru');
    expect(await screen.findByText(/17 из 20 минут/)).toBeOnTheScreen();
  });

  it('a start that could never mint: the refused answer shows the reasons before anyone waits', async () => {
    fakeServer({
      'GET /api/meetings/status': { body: idle },
      'GET /api/meetings': { body: { offset: 0, limit: 20, total: 0, list: [] } },
      'POST /api/meetings/handshake': {
        status: 422,
        body: {
          code: 'MEETING_CANNOT_MINT',
          message:
            'No meeting started: it could not mint a token (you have already minted together)',
          details: { reasons: 'pair-already-minted,device-locked' },
        },
      },
    });
    await renderScreen(<MeetingsScreen />);
    await fireEvent.changeText(await screen.findByLabelText("Partner's code"), '654321');
    await fireEvent.press(screen.getByRole('button', { name: 'Confirm the code' }));
    expect(
      await screen.findByText(
        'No meeting started. It could not mint a token: you have already minted together; minting is paused for one of you by a device-protection lock',
      ),
    ).toBeOnTheScreen();
    expect(screen.queryByText(/in progress/)).not.toBeOnTheScreen();
  });

  it('the partner proposed a meeting that could never mint: the event shows why at once, in Russian', async () => {
    fakeServer({
      'GET /api/meetings/status': { body: idle },
      'GET /api/meetings': { body: { offset: 0, limit: 20, total: 0, list: [] } },
      'POST /api/meetings/handshake/code': { body: startCode('123456') },
    });
    await renderScreen(<MeetingsScreen />, 'ru');
    await fireEvent.press(await screen.findByRole('button', { name: 'Показать мой код' }));
    expect(await screen.findByText('Ваш код: 123456')).toBeOnTheScreen();
    await socket.push('meeting:refused', {
      reasons: ['first-purchase-too-recent', 'kyc-required'],
      partner: card(2, 'boris'),
    });
    expect(
      await screen.findByText(
        'Встреча с boris не началась. Она не смогла бы выпустить токен: выпуск возможен только через 24 часа после первой покупки токена; для Gold и Platinum нужна пройденная KYC у вас обоих',
      ),
    ).toBeOnTheScreen();
    // The code it was proposed with is used up: no longer shown.
    expect(screen.queryByText('Ваш код: 123456')).not.toBeOnTheScreen();
  });

  it('shows the code as a QR that rotates, and scans the partner’s QR with the camera', async () => {
    let issued = 0;
    const calls = fakeServer({
      'GET /api/meetings/status': { body: idle },
      'GET /api/meetings': { body: { offset: 0, limit: 20, total: 0, list: [] } },
      'POST /api/meetings/handshake/code': () => {
        issued++;
        // The first one rotates at once; the next one stays.
        return { body: startCode(issued === 1 ? '111111' : '222222', issued === 1 ? 0 : 30_000) };
      },
      'POST /api/meetings/handshake': { body: { meeting: meeting() } },
    });
    await renderScreen(<MeetingsScreen />);
    await fireEvent.press(await screen.findByRole('button', { name: 'Show my code' }));
    expect(await screen.findByText('Your code: 222222')).toBeOnTheScreen();
    expect(screen.getByLabelText('QR code for your partner to scan')).toBeOnTheScreen();
    expect(issued).toBe(2);

    await fireEvent.press(screen.getByRole('button', { name: "Scan your partner's QR" }));
    expect(
      await screen.findByText("Point the camera at the QR on your partner's phone"),
    ).toBeOnTheScreen();
    const payload = `meeet:hs:2:654321:0123456789abcdef:${'cd'.repeat(16)}`;
    await waitFor(() => expect(camera.props?.onBarcodeScanned).toBeDefined());
    // The scanner sees the QR on several frames; it is sent once.
    await act(async () => {
      camera.props!.onBarcodeScanned!({ type: 'qr', data: payload });
      camera.props!.onBarcodeScanned!({ type: 'qr', data: payload });
    });
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/meetings/handshake')).toHaveLength(1),
    );
    expect(calls.find((c) => c.path === '/api/meetings/handshake')?.body).toEqual({
      method: 'qr',
      payload,
    });
  });

  it('asks for the camera, and after a refusal says that the typed code still works', async () => {
    fakeServer({
      'GET /api/meetings/status': { body: idle },
      'GET /api/meetings': { body: { offset: 0, limit: 20, total: 0, list: [] } },
    });
    camera.permission = { granted: false, canAskAgain: true };
    const first = await renderScreen(<MeetingsScreen />);
    await fireEvent.press(await screen.findByRole('button', { name: "Scan your partner's QR" }));
    await fireEvent.press(await screen.findByRole('button', { name: 'Allow the camera' }));
    expect(camera.requested).toBe(1);
    camera.permission = { granted: false, canAskAgain: false };
    await act(async () => first.unmount());
    await renderScreen(<MeetingsScreen />);
    await fireEvent.press(await screen.findByRole('button', { name: "Scan your partner's QR" }));
    expect(
      await screen.findByText(
        'The camera is not allowed. Allow it in Settings, or type the code instead',
      ),
    ).toBeOnTheScreen();
  });
});

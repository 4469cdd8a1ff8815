import { fireEvent, screen, waitFor } from '@testing-library/react-native';
import { HANDSHAKE_PROOF_VECTORS } from '@meeet/core/rules/handshake-proof';
import { fakeServer, renderScreen, signedIn } from '../../../test/helpers.tsx';
import * as socket from '../../../test/socket-mock.ts';
import { MeetingsScreen } from './meetings-screen.tsx';

// The published vector the server's verifier is tested with (meetings-store.test.ts): the
// app's own Bluetooth path must send exactly its proof.
const vector = HANDSHAKE_PROOF_VECTORS[0]!;

jest.mock(
  '../../lib/socket.ts',
  () => jest.requireActual('../../../test/socket-mock.ts').socketModule,
);
jest.mock('../../lib/location', () => ({ startMeetingUpdates: async () => () => undefined }));
// The phone's radio is a native module (modules/ble-advertiser) that cannot run under Jest:
// this stand-in hears the partner's token, as the radio would.
jest.mock('../../lib/proximity', () =>
  jest.requireActual('../../../test/proximity-mock.ts').proximityModule({
    available: true,
    hears: {
      token: jest.requireActual('@meeet/core/rules/handshake-proof').HANDSHAKE_PROOF_VECTORS[0]
        .partnerToken,
      rssi: -50,
    },
  }),
);

describe('the Bluetooth handshake', () => {
  beforeEach(() => {
    signedIn();
    socket.reset();
  });

  it('sends the proof of the published vector for the same key and tokens', async () => {
    const now = Date.now();
    const calls = fakeServer({
      'GET /api/meetings/status': {
        body: {
          active: null,
          deviceLock: { locked: false, until: null, remainingMs: 0 },
          denial: { denied: false, meetingsLeft: null, annulled: false },
          meetingsCount: 0,
        },
      },
      'GET /api/meetings': { body: { offset: 0, limit: 20, total: 0, list: [] } },
      'POST /api/meetings/proximity-tokens': {
        body: {
          tokens: [{ token: vector.ownToken, from: now - 1_000, until: now + 600_000 }],
          rotateSeconds: 600,
          handshakeKey: vector.handshakeKey,
        },
      },
      'POST /api/meetings/handshake': { body: { meeting: null } },
    });
    await renderScreen(<MeetingsScreen />);
    await fireEvent.press(
      await screen.findByRole('button', { name: 'Start with the phone nearby' }),
    );
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/meetings/handshake')?.body).toEqual({
        method: 'ble',
        phase: vector.phase,
        partnerToken: vector.partnerToken,
        proof: vector.proof,
      }),
    );
  });
});

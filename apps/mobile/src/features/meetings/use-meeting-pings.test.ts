import { renderHook, waitFor } from '@testing-library/react-native';
import type { Fix } from '../../lib/location';
import * as socket from '../../../test/socket-mock.ts';
import { useMeetingPings } from './use-meeting-pings.ts';

jest.mock(
  '../../lib/socket.ts',
  () => jest.requireActual('../../../test/socket-mock.ts').socketModule,
);
const mockLocation: { onFix: ((fix: Fix) => void) | null } = { onFix: null };
jest.mock('../../lib/location', () => ({
  startMeetingUpdates: async (onFix: (fix: Fix) => void) => {
    mockLocation.onFix = onFix;
    return () => undefined;
  },
}));
jest.mock('../../lib/proximity', () => ({
  proximityRadio: {
    available: async () => false,
    startScanning: async () => undefined,
    stopScanning: () => undefined,
  },
}));

describe('meeting pings', () => {
  beforeEach(() => {
    socket.reset();
    mockLocation.onFix = null;
  });

  it('send each fix with the longitude spelled lon, as the contract has it', async () => {
    socket.answerWith(() => ({ ok: true, progress: null, candidates: [] }));
    renderHook(() => useMeetingPings(true, () => undefined));
    await waitFor(() => expect(mockLocation.onFix).not.toBeNull());
    const at = Date.now() - 1000;
    mockLocation.onFix?.({ lat: 52.52, lon: 13.405, accuracy: 6, at });
    await waitFor(() => expect(socket.emitted).toHaveLength(1));
    expect(socket.emitted[0]).toEqual({
      event: 'meeting:ping',
      payload: {
        t: at,
        lat: 52.52,
        lon: 13.405,
        accuracy: 6,
        speed: null,
        simulated: false,
        heard: [],
      },
    });
  });
});

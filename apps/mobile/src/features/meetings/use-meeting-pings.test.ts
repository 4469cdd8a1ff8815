import { renderHook, waitFor } from '@testing-library/react-native';
import type { Fix } from '../../lib/location';
import { fakeServer, signedIn } from '../../../test/helpers.tsx';
import { useMeetingPings } from './use-meeting-pings.ts';

const mockLocation: { onFix: ((fix: Fix) => void) | null } = { onFix: null };
jest.mock('../../lib/location', () => ({
  startMeetingUpdates: async (onFix: (fix: Fix) => void) => {
    mockLocation.onFix = onFix;
    return () => undefined;
  },
}));
jest.mock('../../lib/proximity', () =>
  jest.requireActual('../../../test/proximity-mock.ts').proximityModule({ available: false }),
);

describe('meeting pings', () => {
  beforeEach(() => {
    signedIn();
    mockLocation.onFix = null;
  });

  it('send each fix over HTTP, where the call is signed, with the longitude spelled lon', async () => {
    const progress = {
      meetingId: 7,
      status: 'active',
      minutesCounted: 3,
      minutesNeeded: 17,
      gapMinutes: 0,
      maxGapMinutes: 3,
      elapsedMinutes: 4,
      windowMinutes: 20,
    };
    const calls = fakeServer({
      'POST /api/meetings/ping': { body: { progress, candidates: [] } },
    });
    const onProgress = jest.fn();
    renderHook(() => useMeetingPings(true, onProgress));
    await waitFor(() => expect(mockLocation.onFix).not.toBeNull());
    const at = Date.now() - 1000;
    mockLocation.onFix?.({ lat: 52.52, lon: 13.405, accuracy: 6, at });
    await waitFor(() => expect(onProgress).toHaveBeenCalledWith(progress));
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      [
        'POST',
        '/api/meetings/ping',
        { t: at, lat: 52.52, lon: 13.405, accuracy: 6, speed: null, simulated: false, heard: [] },
      ],
    ]);
  });
});

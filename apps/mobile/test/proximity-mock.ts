import type { HeardToken, ProximityRadio } from '../src/lib/proximity-types.ts';

/**
 * A stand-in for the phone's radio (src/lib/proximity.ts, a native module Jest cannot run):
 * Bluetooth on or off, and when on, the partner's token its scan hears at once. Used in a
 * mock factory: `jest.mock('../../lib/proximity', () =>
 * jest.requireActual('../../../test/proximity-mock.ts').proximityModule({ available: false }))`.
 */
export function proximityModule({
  available,
  hears,
}: {
  available: boolean;
  hears?: Omit<HeardToken, 'at'>;
}): { proximityRadio: ProximityRadio } {
  return {
    proximityRadio: {
      available: async () => available,
      startAdvertising: async () => undefined,
      stopAdvertising: async () => undefined,
      startScanning: async (onHeard) => {
        if (hears) onHeard({ ...hears, at: Date.now() });
      },
      stopScanning: () => undefined,
    },
  };
}

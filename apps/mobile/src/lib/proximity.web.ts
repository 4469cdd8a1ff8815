import type { ProximityRadio } from './proximity-types.ts';

export type { HeardToken, ProximityRadio } from './proximity-types.ts';

/** Browsers cannot advertise over Bluetooth LE: meetings fall back to the code exchange. */
export const proximityRadio: ProximityRadio = {
  available: async () => false,
  startAdvertising: async () => undefined,
  stopAdvertising: async () => undefined,
  startScanning: async () => undefined,
  stopScanning: () => undefined,
};

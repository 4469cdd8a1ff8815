import type { ProximityRadio } from './proximity-types.ts';

export type { HeardToken, ProximityRadio } from './proximity-types.ts';

/** Browsers cannot advertise over Bluetooth LE: meetings fall back to the code exchange. */
const noRadio: ProximityRadio = {
  available: async () => false,
  startAdvertising: async () => undefined,
  stopAdvertising: async () => undefined,
  startScanning: async () => undefined,
  stopScanning: () => undefined,
};

/**
 * A browser test may put a radio on `globalThis.meeetTestRadio` before the app loads
 * (e2e/mobile-bluetooth.mobile-app.spec.ts): Bluetooth LE cannot run in a browser, and this is
 * the only way the app's own Bluetooth path — its tokens, its handshake proof, the tokens it
 * hears in its pings — meets the real server there. A page that sets it only fools itself:
 * the server checks every token and proof.
 */
const testRadio = (globalThis as { meeetTestRadio?: ProximityRadio }).meeetTestRadio;

export const proximityRadio: ProximityRadio = testRadio ?? noRadio;

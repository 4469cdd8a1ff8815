import { watchDeviceAttestation } from './attest-device.ts';
import { loadFingerprint } from './fingerprint.ts';
import { restoreGhost } from './ghost.ts';
import { restoreLocale } from './locale-state.ts';
import { restoreSession } from './session.ts';

/** Reads what the app keeps on the device before the first screen. */
export async function bootstrap(): Promise<void> {
  await Promise.all([loadFingerprint(), restoreLocale(), restoreGhost()]);
  await restoreSession();
  watchDeviceAttestation();
}

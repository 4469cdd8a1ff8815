import { AppError, ErrorCode } from '@meeet/core/api/errors';
import type { MeetingReason } from '@meeet/core/api/meetings';
import { activeDeviceLock, type StoredDeviceLock } from '@meeet/core/rules/device-lock';

/**
 * The meeting's device of an attested phone: its App Attest key id, marked so that no `x-fp`
 * a client makes up can pass for it (`fingerprintDevice`).
 */
const ATTESTED = 'app:';

export function attestedDevice(keyId: string): string {
  return `${ATTESTED}${keyId}`;
}

/** An unattested client's device (its fingerprint), never one that looks attested. */
export function fingerprintDevice(fingerprint: string | null): string | null {
  return fingerprint === null || fingerprint.startsWith(ATTESTED) ? null : fingerprint;
}

/** Whether both members used one attested phone (a shared computer is no such reason). */
export function samePhone(a: string | null, b: string | null): boolean {
  return a !== null && a.startsWith(ATTESTED) && a === b;
}

/** Two accounts on one attested phone never meet: refused at the handshake. */
export function assertDistinctPhones(a: string | null, b: string | null): void {
  if (samePhone(a, b)) {
    throw new AppError(ErrorCode.SAME_DEVICE, { details: { reason: 'same-device' } });
  }
}

/**
 * The device rules of a meeting's mint (PRODUCT.md "The device lock is about the phone that
 * proves meetings"): a member under the lock, or both on the same attested phone.
 */
export function deviceReasons(
  members: readonly (StoredDeviceLock | undefined)[],
  devices: readonly [string | null, string | null],
  now: number,
): MeetingReason[] {
  const reasons: MeetingReason[] = [];
  if (members.some((m) => m && activeDeviceLock(m, now))) reasons.push('device-locked');
  if (samePhone(devices[0], devices[1])) reasons.push('same-device');
  return reasons;
}

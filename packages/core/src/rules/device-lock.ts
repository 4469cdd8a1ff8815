import type { ActiveDeviceLock, DeviceLockReason } from '../api/device-lock.ts';
import { deviceLockReasonSchema } from '../api/device-lock.ts';
import type { DeviceLock } from '../api/meetings.ts';

/** The lock as the users table keeps it. */
export interface StoredDeviceLock {
  deviceLockUntil: Date | null;
  /** Null on locks from before reasons were kept (a new fingerprint then). */
  deviceLockReason: string | null;
}

function reasonOf(stored: StoredDeviceLock): DeviceLockReason {
  const parsed = deviceLockReasonSchema.safeParse(stored.deviceLockReason);
  return parsed.success ? parsed.data : 'new-device';
}

/** The lock in force at `now` with its reason, or null (PRODUCT.md: the reason is shown). */
export function activeDeviceLock(stored: StoredDeviceLock, now: number): ActiveDeviceLock | null {
  const until = stored.deviceLockUntil;
  if (!until || until.getTime() <= now) return null;
  return { until: until.toISOString(), reason: reasonOf(stored) };
}

/** The lock with its timer, as the meetings calls answer it. */
export function deviceLockState(stored: StoredDeviceLock, now: number): DeviceLock {
  const active = activeDeviceLock(stored, now);
  return active
    ? {
        locked: true,
        until: active.until,
        remainingMs: Date.parse(active.until) - now,
        reason: active.reason,
      }
    : { locked: false, until: null, remainingMs: 0, reason: null };
}

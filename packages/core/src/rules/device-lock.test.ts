import { describe, expect, it } from 'vitest';
import { activeDeviceLock, deviceLockState } from './device-lock.ts';

const NOW = Date.parse('2026-11-28T00:00:00.000Z');
const HOUR = 3_600_000;

describe('the device lock', () => {
  it('tells until when and why while it lasts', () => {
    const stored = { deviceLockUntil: new Date(NOW + 2 * HOUR), deviceLockReason: 'new-phone' };
    expect(activeDeviceLock(stored, NOW)).toEqual({
      until: '2026-11-28T02:00:00.000Z',
      reason: 'new-phone',
    });
    expect(deviceLockState(stored, NOW)).toEqual({
      locked: true,
      until: '2026-11-28T02:00:00.000Z',
      remainingMs: 2 * HOUR,
      reason: 'new-phone',
    });
  });

  it('is over at its end, and a lock kept without a reason was a new device', () => {
    const ended = { deviceLockUntil: new Date(NOW), deviceLockReason: 'new-phone' };
    expect(activeDeviceLock(ended, NOW)).toBeNull();
    expect(deviceLockState(ended, NOW)).toEqual({
      locked: false,
      until: null,
      remainingMs: 0,
      reason: null,
    });
    const old = { deviceLockUntil: new Date(NOW + HOUR), deviceLockReason: null };
    expect(activeDeviceLock(old, NOW)?.reason).toBe('new-device');
  });
});

import { describe, expect, it } from 'vitest';
import { AppError } from '@meeet/core/api/errors';
import {
  assertDistinctPhones,
  attestedDevice,
  deviceReasons,
  fingerprintDevice,
  samePhone,
} from './device-rules.ts';

const NOW = Date.parse('2026-11-28T00:00:00.000Z');
const phone = attestedDevice('a2V5LWlk');

describe('the device rules of a meeting', () => {
  it('refuses only one attested phone for both, never a shared fingerprint', () => {
    expect(samePhone(phone, phone)).toBe(true);
    expect(samePhone(phone, attestedDevice('b3RoZXI='))).toBe(false);
    expect(samePhone('fp-shared-computer', 'fp-shared-computer')).toBe(false);
    expect(samePhone(null, null)).toBe(false);
    expect(() => assertDistinctPhones(phone, phone)).toThrow(AppError);
    expect(() => assertDistinctPhones('fp-one', 'fp-one')).not.toThrow();
  });

  it('never lets a made-up x-fp pass for an attested phone', () => {
    expect(fingerprintDevice(phone)).toBeNull();
    expect(fingerprintDevice('fp-browser')).toBe('fp-browser');
    expect(fingerprintDevice(null)).toBeNull();
  });

  it('names a lock in force and the same phone as reasons not to mint', () => {
    const locked = { deviceLockUntil: new Date(NOW + 60_000), deviceLockReason: 'new-phone' };
    const over = { deviceLockUntil: new Date(NOW - 60_000), deviceLockReason: 'new-phone' };
    const free = { deviceLockUntil: null, deviceLockReason: null };
    expect(deviceReasons([free, locked], ['fp-a', 'fp-b'], NOW)).toEqual(['device-locked']);
    expect(deviceReasons([free, over], [phone, phone], NOW)).toEqual(['same-device']);
    expect(deviceReasons([free, undefined], ['fp-a', 'fp-a'], NOW)).toEqual([]);
  });
});

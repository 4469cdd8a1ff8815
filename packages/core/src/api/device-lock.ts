import { z } from 'zod';

/**
 * Why minting is paused (PRODUCT.md "The device lock is about the phone that proves meetings"):
 * `new-phone` — another phone of the account was attested; `new-device` — a lock from before
 * attested phones (a sign-in from a new fingerprint), kept until it ends.
 */
export const deviceLockReasonSchema = z.enum(['new-phone', 'new-device']);
export type DeviceLockReason = z.infer<typeof deviceLockReasonSchema>;

/** A lock in force: until when (ISO) and why. */
export const activeDeviceLockSchema = z.object({
  until: z.string(),
  reason: deviceLockReasonSchema,
});
export type ActiveDeviceLock = z.infer<typeof activeDeviceLockSchema>;

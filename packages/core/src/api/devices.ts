import { z } from 'zod';
import { deviceLockSchema } from './meetings.ts';

// Attested phones (issue 39): the app's App Attest key, attested once per install, is the
// meeting's device; meeting calls carry an assertion signed with it (`rules/app-assertion.ts`).
// 1. `POST /devices/attest/challenge` → a one-time challenge.
// 2. A new key: `attestKey(keyId, challenge)` → `POST /devices/attest { keyId, challenge,
//    attestation }`. A key this install attested before, on a new account: `generateAssertion(
//    keyId, challenge)` → `POST /devices/attest { keyId, challenge, assertion }`.
// The answer tells whether that started the device lock (another phone of the account).

export const devicesPaths = {
  challenge: '/devices/attest/challenge',
  attest: '/devices/attest',
} as const;

export const attestChallengeSchema = z.object({
  challenge: z.string(),
  /** Milliseconds since the epoch; the challenge is refused after it, and after its one use. */
  expiresAt: z.number().int(),
});
export type AttestChallenge = z.infer<typeof attestChallengeSchema>;

const base64 = z.string().regex(/^[A-Za-z0-9+/]+={0,2}$/, 'msg.invalid-format');
/** App Attest key ids are the base64 SHA-256 of the public key: 44 characters. */
const keyId = base64.length(44);
const challenge = z.string().min(16).max(128);

export const attestRequestSchema = z.union([
  z.object({ keyId, challenge, attestation: base64.max(20_000) }),
  z.object({ keyId, challenge, assertion: base64.max(2_000) }),
]);
export type AttestRequest = z.infer<typeof attestRequestSchema>;

export const attestResponseSchema = z.object({
  keyId: z.string(),
  /** The account's lock afterwards: attesting another phone starts it. */
  deviceLock: deviceLockSchema,
});
export type AttestResponse = z.infer<typeof attestResponseSchema>;

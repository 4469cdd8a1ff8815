import {
  attestChallengeSchema,
  attestResponseSchema,
  devicesPaths,
  type AttestResponse,
} from '@meeet/core/api/devices';
import { ErrorCode } from '@meeet/core/api/errors';
import { api } from './api.ts';
import { attestService } from './app-attest';
import { inSigningTurn, loadKeyId, saveKeyId } from './device-key.ts';
import { sessionStore } from './session.ts';

async function challenge(): Promise<string | null> {
  const answer = await api.post(devicesPaths.challenge, undefined, attestChallengeSchema);
  return answer.ok ? answer.data.challenge : null;
}

/**
 * Makes the install's key the signed-in account's device: a key attested before is asserted
 * (a second account on this phone, or the same one again); without one, or when the server
 * or the phone no longer knows it (a reinstall), a new key is made and attested. The answer
 * carries the account's device lock; null where the phone has no App Attest or a step failed.
 */
export async function attestDevice(): Promise<AttestResponse | null> {
  const service = attestService;
  if (!service) return null;
  const known = await loadKeyId();
  if (known) {
    const linked = await inSigningTurn(async () => {
      const given = await challenge();
      if (!given) return 'failed' as const;
      const assertion = await service.generateAssertion(known, given).catch(() => null);
      if (!assertion) return 'unknown' as const;
      const answer = await api.post(
        devicesPaths.attest,
        { keyId: known, challenge: given, assertion },
        attestResponseSchema,
      );
      if (answer.ok) return answer.data;
      return answer.errorCode === ErrorCode.ATTESTATION_INVALID ? 'unknown' : 'failed';
    });
    if (linked !== 'unknown') return linked === 'failed' ? null : linked;
  }
  const given = await challenge();
  if (!given) return null;
  const keyId = await service.generateKey();
  const attestation = await service.attestKey(keyId, given);
  const answer = await api.post(
    devicesPaths.attest,
    { keyId, challenge: given, attestation },
    attestResponseSchema,
  );
  if (!answer.ok) return null;
  await saveKeyId(keyId);
  return answer.data;
}

/**
 * Attests once for every account that signs in on this install (at start-up with a kept
 * session, and after each sign-in). Returns the unsubscribe.
 */
export function watchDeviceAttestation(): () => void {
  let attestedFor: number | null = null;
  const check = () => {
    const userId = sessionStore.get().auth?.user.id ?? null;
    if (userId === null || userId === attestedFor) return;
    attestedFor = userId;
    void attestDevice()
      .then((answer) => {
        if (!answer && attestedFor === userId) attestedFor = null;
      })
      .catch(() => {
        if (attestedFor === userId) attestedFor = null;
      });
  };
  check();
  return sessionStore.subscribe(check);
}

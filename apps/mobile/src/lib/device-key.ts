import { meetingsPaths } from '@meeet/core/api/meetings';
import { HTTP_HEADERS } from '@meeet/core/constants';
import { assertionClientData, formatAssertionHeader } from '@meeet/core/rules/app-assertion';
import { attestService } from './app-attest';
import { readItem, writeItem } from './storage';
import { STORAGE_KEYS } from './storage-keys.ts';

// The install's App Attest key (issue 39): attested once, kept by id in the secure store, it
// signs every meeting call so the server knows the phone, not a fingerprint anyone can send.

/** The calls that prove a meeting, signed with the key (`rules/app-assertion.ts`). */
const SIGNED_CALLS: ReadonlySet<string> = new Set([
  meetingsPaths.proximityTokens,
  meetingsPaths.handshakeCode,
  meetingsPaths.handshake,
  meetingsPaths.ping,
]);

let keyId: string | null | undefined;
let turn: Promise<unknown> = Promise.resolve();

export async function loadKeyId(): Promise<string | null> {
  if (keyId === undefined) keyId = await readItem(STORAGE_KEYS.appAttestKey);
  return keyId;
}

export async function saveKeyId(id: string): Promise<void> {
  keyId = id;
  await writeItem(STORAGE_KEYS.appAttestKey, id);
}

/**
 * Runs `work` after the signed work before it: the server takes an assertion only when its
 * counter is above the last one, so two signed calls must reach it in the order they were signed.
 */
export function inSigningTurn<T>(work: () => Promise<T>): Promise<T> {
  const next = turn.then(work, work);
  turn = next.catch(() => undefined);
  return next;
}

export function isSignedCall(method: string, path: string): boolean {
  return method === 'POST' && SIGNED_CALLS.has(path);
}

/**
 * The assertion header of a call (`path` as sent, `/api/...`), or none without an attested key
 * or when the phone cannot sign (the server then answers why).
 */
export async function assertionHeaders(
  method: string,
  path: string,
  body: string,
): Promise<Record<string, string>> {
  const id = attestService ? await loadKeyId() : null;
  if (!attestService || !id) return {};
  const time = Date.now();
  try {
    const assertion = await attestService.generateAssertion(
      id,
      assertionClientData({ method, path, time, body }),
    );
    return { [HTTP_HEADERS.APP_ASSERTION]: formatAssertionHeader({ keyId: id, time, assertion }) };
  } catch {
    return {};
  }
}

/**
 * What an attested phone signs on a meeting call (App Attest assertions, issue 39): the app
 * passes this text to `generateAssertion`, which signs SHA-256 of its UTF-8 bytes; the server
 * rebuilds the same text from the request. Method, path and body bind the signature to the
 * call; the time bounds how long a captured header could be tried (the counter stops replays).
 */
export const APP_ASSERTION_VERSION = 'meeet-assert:1';
/** An assertion signed further from the server's clock than this is refused. */
export const APP_ASSERTION_MAX_SKEW_MS = 5 * 60_000;

export interface AssertedCall {
  method: string;
  /** The path as sent, without the query (`/api/meetings/handshake`). */
  path: string;
  /** Milliseconds since the epoch when the app signed. */
  time: number;
  /** The raw request body ('' when none). */
  body: string;
}

export function assertionClientData(call: AssertedCall): string {
  return [APP_ASSERTION_VERSION, call.method.toUpperCase(), call.path, call.time, call.body].join(
    '\n',
  );
}

export interface AssertionHeader {
  /** The attested key's id (base64, as App Attest gives it). */
  keyId: string;
  time: number;
  /** The assertion object (base64 CBOR). */
  assertion: string;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** `keyId:time:assertion` — base64 has no colon. */
export function formatAssertionHeader(header: AssertionHeader): string {
  return `${header.keyId}:${header.time}:${header.assertion}`;
}

/** The header's parts, or null when it is not one. */
export function parseAssertionHeader(value: string): AssertionHeader | null {
  const parts = value.trim().split(':');
  if (parts.length !== 3) return null;
  const [keyId, time, assertion] = parts as [string, string, string];
  if (!BASE64.test(keyId) || !BASE64.test(assertion) || !/^\d{1,15}$/.test(time)) return null;
  return { keyId, time: Number(time), assertion };
}

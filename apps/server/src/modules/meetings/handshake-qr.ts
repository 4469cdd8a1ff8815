import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// The handshake QR: `meeet:hs:2:{code}:{nonce}:{signature}`. A fresh server nonce every issue
// makes the QR on screen change at every rotation; the signature binds the code, the nonce and
// the code's expiry, so only the server makes one and a new issue (which clears the issuer's
// earlier codes) leaves a photographed QR dead.

const PREFIX = 'meeet:hs:2:';
const PATTERN = /^meeet:hs:2:(\d{6}):([0-9a-f]{16}):([0-9a-f]{32})$/;

export interface ScannedQr {
  code: string;
  nonce: string;
  signature: string;
}

function signature(secret: string, code: string, nonce: string, expiresAt: Date): string {
  return createHmac('sha256', `qr:${secret}`)
    .update(`${code}:${nonce}:${expiresAt.getTime()}`)
    .digest('hex')
    .slice(0, 32);
}

/** The QR payload of a code just issued, with a nonce of its own. */
export function qrPayload(secret: string, code: string, expiresAt: Date): string {
  const nonce = randomBytes(8).toString('hex');
  return `${PREFIX}${code}:${nonce}:${signature(secret, code, nonce, expiresAt)}`;
}

/** The parts of a scanned payload, or null when it is not a handshake QR. */
export function parseQr(payload: string): ScannedQr | null {
  const match = PATTERN.exec(payload.trim());
  return match ? { code: match[1]!, nonce: match[2]!, signature: match[3]! } : null;
}

/** Whether the server signed this QR for the code row expiring at `expiresAt`. */
export function qrSigned(secret: string, scanned: ScannedQr, expiresAt: Date): boolean {
  const expected = Buffer.from(signature(secret, scanned.code, scanned.nonce, expiresAt));
  const given = Buffer.from(scanned.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

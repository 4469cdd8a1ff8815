/**
 * A random unique string: a UUID where the browser offers one, else 32 random hex digits
 * (randomUUID exists only in secure contexts; a LAN address over plain http is not one).
 */
export function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A fresh Idempotency-Key (crypto-paths.ts): one per spending action the user confirms. */
export function newIdempotencyKey(): string {
  return randomId();
}

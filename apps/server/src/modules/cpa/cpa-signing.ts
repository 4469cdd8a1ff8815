import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * The secrets of postbacks: a link's secret is made here, sealed at rest with AES-256-GCM
 * under the server's 32-byte key, and signs every postback of the link with HMAC-SHA256.
 */

/** A fresh link secret, as the partner sees it once. */
export function newPostbackSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}

/** `iv.tag.ciphertext`, each part base64url: a secret as stored. */
export function sealSecret(key: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
}

/** The secret a `sealSecret` answer holds; throws when it is malformed or was tampered with. */
export function openSecret(key: Buffer, sealed: string): string {
  const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !data) throw new Error('sealed secret is malformed');
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
}

/** The header value of a signed postback: `t=<unix s>,v1=<hex HMAC-SHA256(secret, t.body)>`. */
export function signPostback(secret: string, timestamp: number, body: string): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

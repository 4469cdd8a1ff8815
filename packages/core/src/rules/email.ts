import { EMAIL_LOCAL_PART_MAX_LENGTH, EMAIL_MAX_LENGTH } from '../constants.ts';

export type EmailError = 'msg.required' | 'msg.invalid-email';

// RFC 5322 dot-atom local part (no quoted strings: no real mailbox needs them and they are a
// classic source of parser disagreements). ASCII only; internationalised domains are typed
// in punycode, which is also what SMTP needs.
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
// Spec: a TLD of at least 2 letters; punycode TLDs (xn--p1ai for .рф) are letters too in effect.
const TOP_LEVEL_DOMAIN = /^(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

/** Trim and lower-case: how e-mails are stored and compared. */
export function normalizeEmail(input: string): string {
  return input.trim().toLowerCase();
}

/** Spec §5 e-mail; validated after trimming, as it will be stored. */
export function validateEmail(input: unknown): EmailError | null {
  if (input === null || input === undefined) return 'msg.required';
  if (typeof input !== 'string') return 'msg.invalid-email';
  const text = input.trim();
  if (text === '') return 'msg.required';
  if (text.length > EMAIL_MAX_LENGTH) return 'msg.invalid-email';

  const at = text.lastIndexOf('@');
  if (at < 1) return 'msg.invalid-email';
  const local = text.slice(0, at);
  const domain = text.slice(at + 1);
  if (local.length > EMAIL_LOCAL_PART_MAX_LENGTH || !LOCAL_PART.test(local))
    return 'msg.invalid-email';

  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((label) => DOMAIN_LABEL.test(label)))
    return 'msg.invalid-email';
  if (!TOP_LEVEL_DOMAIN.test(labels[labels.length - 1] ?? '')) return 'msg.invalid-email';
  return null;
}

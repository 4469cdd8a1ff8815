/** Paths of the second-factor calls under /api, free of zod (the app imports them). */
export const factorsPaths = {
  /** GET: which factors the caller has (TOTP on, recovery codes left, passkeys). */
  status: '/factors',
  /** POST starts a TOTP enrolment: a fresh secret and its otpauth:// URI (nothing is on yet). */
  totpSetup: '/factors/totp/setup',
  /** POST completes the enrolment with a code from the app; answers the recovery codes once. */
  totpEnable: '/factors/totp/enable',
  /** POST turns TOTP off (needs a factor) and drops the recovery codes with it. */
  totpDisable: '/factors/totp/disable',
  /** POST replaces the recovery codes (needs a factor); answers the new ones once. */
  recoveryRegenerate: '/factors/recovery/regenerate',
  /** POST: options for a new passkey of the signed-in caller. */
  passkeyRegisterOptions: '/factors/passkeys/register/options',
  /** POST: the browser's attestation; stores the passkey (needs a factor if one exists). */
  passkeyRegister: '/factors/passkeys/register',
  /** POST: options to prove a passkey, signed in (step-up) or not (sign-in). */
  passkeyAssertOptions: '/factors/passkeys/assert/options',
  /** POST: signs in with a passkey instead of a password. */
  passkeyLogin: '/factors/passkeys/login',
  /** POST `{ id }` removes one passkey (needs a factor). */
  passkeyRemove: '/factors/passkeys/remove',
} as const;

/**
 * The header that carries a second factor on a guarded call (sign-in from a new device, a
 * withdrawal, a security change): `totp:123456`, `recovery:ABCDE-FGHIJ` or
 * `passkey:<base64url of the assertion JSON>`.
 */
export const FACTOR_HEADER = 'x-meeet-factor';

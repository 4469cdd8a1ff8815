import { z } from 'zod';

/** The kinds of second factor a user can hold. */
export const factorKindSchema = z.enum(['totp', 'passkey']);
export type FactorKind = z.infer<typeof factorKindSchema>;

/** A six-digit code from an authenticator app. */
export const totpCodeSchema = z.string().regex(/^\d{6}$/, 'msg.factor-code-format');

/** A recovery code as shown (two groups of five letters or digits); case and dash optional. */
export const recoveryCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/, 'msg.factor-code-format');

export const passkeySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
});
export type PasskeySummary = z.infer<typeof passkeySummarySchema>;

export const factorStatusSchema = z.object({
  totp: z.boolean(),
  recoveryCodesLeft: z.number().int().min(0),
  passkeys: z.array(passkeySummarySchema),
});
export type FactorStatus = z.infer<typeof factorStatusSchema>;

export const totpSetupResponseSchema = z.object({
  /** Base32, to type into an app that cannot scan. */
  secret: z.string(),
  /** otpauth://totp/… for the QR code. */
  uri: z.string(),
});
export type TotpSetupResponse = z.infer<typeof totpSetupResponseSchema>;

export const totpEnableRequestSchema = z.object({ code: totpCodeSchema });
export type TotpEnableRequest = z.infer<typeof totpEnableRequestSchema>;

/** Ten one-time recovery codes, shown this once; only their hashes are kept. */
export const recoveryCodesResponseSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;

/** The WebAuthn JSON the browser library makes and the server library reads; checked there. */
const webAuthnJsonSchema = z.record(z.string(), z.unknown());

/** Options for navigator.credentials.create / get, as @simplewebauthn/server makes them. */
export const passkeyOptionsResponseSchema = z.object({ options: webAuthnJsonSchema });
export type PasskeyOptionsResponse = z.infer<typeof passkeyOptionsResponseSchema>;

export const passkeyRegisterRequestSchema = z.object({
  response: webAuthnJsonSchema,
  name: z.string().trim().min(1).max(60).optional(),
});
export type PasskeyRegisterRequest = z.infer<typeof passkeyRegisterRequestSchema>;

export const passkeyLoginRequestSchema = z.object({ response: webAuthnJsonSchema });
export type PasskeyLoginRequest = z.infer<typeof passkeyLoginRequestSchema>;

export const passkeyRemoveRequestSchema = z.object({ id: z.string().min(1).max(512) });

/** A factor proof as the FACTOR_HEADER carries it. */
export type FactorProof =
  | { kind: 'totp'; code: string }
  | { kind: 'recovery'; code: string }
  | { kind: 'passkey'; response: Record<string, unknown> };

function base64UrlEncode(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function base64UrlDecode(text: string): string {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** The header value of a proof (see FACTOR_HEADER). */
export function encodeFactorProof(proof: FactorProof): string {
  if (proof.kind === 'passkey') return `passkey:${base64UrlEncode(JSON.stringify(proof.response))}`;
  return `${proof.kind}:${proof.code.trim()}`;
}

/** The proof a header value carries, or null when it is not one. */
export function decodeFactorProof(value: string | undefined): FactorProof | null {
  if (!value) return null;
  const colon = value.indexOf(':');
  const kind = value.slice(0, colon);
  const rest = value.slice(colon + 1);
  if (kind === 'totp') return totpCodeSchema.safeParse(rest).success ? { kind, code: rest } : null;
  if (kind === 'recovery') {
    return recoveryCodeSchema.safeParse(rest).success ? { kind, code: rest } : null;
  }
  if (kind !== 'passkey') return null;
  try {
    const parsed = webAuthnJsonSchema.safeParse(JSON.parse(base64UrlDecode(rest)));
    return parsed.success ? { kind, response: parsed.data } : null;
  } catch {
    return null;
  }
}

import { z } from 'zod';
import {
  genderSchema,
  kycStatusSchema,
  localeSchema,
  referralLevelSchema,
  roleSchema,
} from '../enum-schemas.ts';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '../constants.ts';
import { isoToBirthDate, validateBirthDate } from '../rules/birth-date.ts';
import { zEmail, zNickname, zPassword, zPromoCode } from '../rules/zod.ts';
import { zCode } from '../rules/zod-base.ts';
import { activeDeviceLockSchema } from './device-lock.ts';

export { zCode };

// The accounts contract: every /user call's request and response. The server validates with
// these schemas and publishes them as OpenAPI; the web forms validate with the same ones.
// The paths are in user-paths.ts, free of zod, so the first page can name them cheaply.

/** Short free-text fields: trimmed, never longer than a person's name reasonably is. */
const name = z.string().trim().max(64, 'msg.max-length');
const optionalName = name.nullable().optional();

/**
 * Birth date on the wire: the stored ISO timestamp at midnight UTC (spec §3), checked with the
 * same ordered rule the form uses on its 'DD.MM.YYYY' text.
 */
export const zBirthDateIso = z.string().superRefine((value, ctx) => {
  const display = isoToBirthDate(value);
  const midnight = /^\d{4}-\d{2}-\d{2}T00:00:00(\.000)?Z$/.test(value);
  const error = display && midnight ? validateBirthDate(display) : 'msg.invalid-date';
  if (error) ctx.addIssue({ code: 'custom', message: error });
});

/** What the user sees of themselves. */
export const userPrivateSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  emailVerified: z.boolean(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  surName: z.string().nullable(),
  fullName: z.string(),
  domain: z.string().nullable(),
  gender: genderSchema.nullable(),
  bdate: z.string().nullable(),
  phone: z.string().nullable(),
  country: z.string().nullable(),
  locale: localeSchema,
  role: roleSchema,
  referralLevel: referralLevelSchema,
  /** The code the user registered with (spec §3 User.promocode), if any. */
  promocode: z.string().nullable(),
  /** The user’s own code to share: 8 random characters (older users: prefix + hex id). */
  referralCode: z.string(),
  kycStatus: kycStatusSchema,
  hasPassword: z.boolean(),
  /** Minting is paused until then after a login from a new device (PRODUCT.md); null when not locked. */
  deviceLockUntil: z.string().nullable(),
  /** The same lock with its reason (a new phone was attested); null when not locked. */
  deviceLock: activeDeviceLockSchema.nullable().default(null),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UserPrivate = z.infer<typeof userPrivateSchema>;

/** What anyone else may see: never e-mail, phone or birthday. */
export const userPublicSchema = z.object({
  id: z.number().int(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  fullName: z.string(),
  domain: z.string().nullable(),
  gender: genderSchema.nullable(),
  country: z.string().nullable(),
  kycVerified: z.boolean(),
  createdAt: z.string(),
});
export type UserPublic = z.infer<typeof userPublicSchema>;

/** The auth record of spec §3: kept by the client under the storage key `auth`. */
export const authResponseSchema = z.object({
  token: z.string(),
  user: userPrivateSchema,
  /** True when this sign-in cancelled a pending account deletion (the client says so). */
  deletionCancelled: z.boolean().optional(),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const loginRequestSchema = z.strictObject({
  email: z.string().trim().min(1, 'msg.required').max(EMAIL_MAX_LENGTH, 'msg.invalid-email'),
  // Any stored password may be typed here; strength rules apply only when one is chosen.
  password: z.string().min(1, 'msg.required').max(PASSWORD_MAX_LENGTH, 'msg.password-too-long'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

const countrySchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'msg.invalid-country')
  .transform((value) => value.toUpperCase());
const phoneSchema = z
  .string()
  .trim()
  .regex(/^\+?[0-9 ()-]{6,20}$/, 'msg.invalid-phone');

/** The profile data of spec §7: the same rules at registration and at profile update. */
const profileFields = {
  firstName: optionalName,
  lastName: optionalName,
  surName: optionalName,
  domain: zNickname.optional(),
  gender: genderSchema.optional(),
  bdate: zBirthDateIso.optional(),
  phone: phoneSchema.nullable().optional(),
  country: countrySchema.nullable().optional(),
  locale: localeSchema.optional(),
};

export const profileUpdateRequestSchema = z.strictObject(profileFields);

/**
 * Spec §7: registration carries the profile data, so a client may register in one call (every
 * profile field, checked by the very rules of profile update) or in two (e-mail and password
 * now, the rest through profile-update).
 */
export const registerRequestSchema = z.strictObject({
  ...profileFields,
  email: zEmail,
  password: zPassword,
  promocode: zPromoCode.optional(),
  /** The user confirms they are an adult and accept the terms; the form will not send without it. */
  acceptTerms: z.literal(true, 'msg.required'),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export type ProfileUpdateRequest = z.infer<typeof profileUpdateRequestSchema>;

export const userIdParamsSchema = z.strictObject({ id: z.coerce.number().int().positive() });
export const domainParamsSchema = z.strictObject({ domain: z.string().max(64) });
export const domainAvailableResponseSchema = z.object({ available: z.boolean() });
export const promocodeParamsSchema = z.strictObject({ code: z.string().max(64) });
/** `GET /user/promocode-valid/{code}`: false for a malformed code or one naming no user. */
export const promocodeValidResponseSchema = z.object({ valid: z.boolean() });

export const sendCodeRequestSchema = z.strictObject({ email: zEmail });
export const codeSentResponseSchema = z.object({
  sent: z.literal(true),
  /** Seconds until another code may be asked for. */
  retryAfterSeconds: z.number().int(),
});

export const recoveryCheckCodeRequestSchema = z.strictObject({
  email: zEmail,
  code: zCode,
  password: zPassword,
});
export const okResponseSchema = z.object({ ok: z.literal(true) });

/**
 * Changes (or, for an Apple-only account, sets) the password. The current one is required
 * whenever the account has one. Other sessions end.
 */
export const passwordChangeRequestSchema = z.strictObject({
  currentPassword: z.string().max(PASSWORD_MAX_LENGTH, 'msg.password-too-long').optional(),
  password: zPassword,
});
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequestSchema>;

export const emailCodeParamsSchema = z.strictObject({ code: z.string().max(16) });

export const feedbackRequestSchema = z.strictObject({
  name: z.string().trim().min(1, 'msg.required').max(100, 'msg.max-length'),
  email: zEmail,
  message: z.string().trim().min(10, 'msg.min-length').max(2000, 'msg.max-length'),
});
export type FeedbackRequest = z.infer<typeof feedbackRequestSchema>;

/** Completes a first Sign in with Apple: the ticket proves Apple's identity check passed. */
export const appleRegistrationRequestSchema = z.strictObject({
  ticket: z.string().min(1, 'msg.required').max(4096),
  firstName: optionalName,
  lastName: optionalName,
  promocode: zPromoCode.optional(),
  locale: localeSchema.optional(),
  acceptTerms: z.literal(true, 'msg.required'),
});
export type AppleRegistrationRequest = z.infer<typeof appleRegistrationRequestSchema>;

/**
 * What Apple posts to the callback (response_mode form_post). `user` is a JSON string with the
 * name, sent only on the first authorisation; `error` replaces the rest when the user cancels.
 * Not strict: Apple may add fields.
 */
export const appleCallbackBodySchema = z.object({
  state: z.string().max(4096).optional(),
  code: z.string().max(4096).optional(),
  id_token: z.string().max(8192).optional(),
  user: z.string().max(4096).optional(),
  error: z.string().max(256).optional(),
});
export type AppleCallbackBody = z.infer<typeof appleCallbackBodySchema>;

/** Whether Sign in with Apple is configured here; clients show its button only when it is. */
export const appleStatusResponseSchema = z.object({ enabled: z.boolean() });
export type AppleStatusResponse = z.infer<typeof appleStatusResponseSchema>;

import { z } from 'zod';
import { nftTypeSchema } from '../enum-schemas.ts';
import { deviceLockReasonSchema } from './device-lock.ts';
import { publicCardSchema } from './meet.ts';

// The meetings contract (issue 12; spec §1 "phones within 5 m for 20 minutes", §3 GENERATE and
// first_meet, §4 token rules and the device lock, §6 KYC for Gold and Platinum minting).
//
// How a client proves a meeting:
// 1. It fetches proximity tokens (`POST /meetings/proximity-tokens`) and, with Bluetooth,
//    broadcasts the current one; every ping reports the tokens it heard with their signal.
// 2. The meeting starts with a handshake between the two phones: over Bluetooth both phones
//    send `{ method: 'ble', phase: 'start', partnerToken, proof }`; without Bluetooth (the web
//    build, or Bluetooth off) one phone shows a code or QR (`POST /meetings/handshake/code`) and
//    the other sends it (`{ method: 'code', code }` or `{ method: 'qr', payload }`).
// 3. Both phones ping (`POST /meetings/ping`, signed like every meeting call; the socket's
//    `meeting:ping` proves no device and is refused where App Attest is required): every 15 s
//    with the app open, every 60 s or more in the background. The server scores the meeting minute by
//    minute and pushes `meeting:progress` to both.
// 4. The meeting ends with a second handshake (phase 'end'), or by itself once enough minutes
//    are counted. It is recorded with its outcome; a mint follows when every rule allows it.
// Changes here are additive only: the mobile app is built on this file.

/** Paths under /api. Free of zod so a screen can name a call without the schemas. */
export const meetingsPaths = {
  /** The caller's meetings, newest first, paged (partner, time, level, outcome, reasons, token). */
  list: '/meetings',
  /** One meeting of the caller. */
  one: '/meetings/:id',
  /** The caller's state: active meeting, device lock, denial counter, meetings count. */
  status: '/meetings/status',
  /** Rotating proximity tokens for this session and device (Bluetooth broadcast). */
  proximityTokens: '/meetings/proximity-tokens',
  /** Issues a short code + QR payload for the caller's next handshake (start or end). */
  handshakeCode: '/meetings/handshake/code',
  /** Accepts the partner's code / QR, or a Bluetooth handshake proof. */
  handshake: '/meetings/handshake',
  /** A ping over REST (the socket's `meeting:ping` is the same). */
  ping: '/meetings/ping',
  /** The device-protection lock of the caller, with the remaining time. */
  deviceLock: '/meetings/device-lock',
  /** Moderators: lift a user's device lock. */
  deviceLockLift: '/meetings/device-lock/:userId',
  /** Moderators: meetings that were refused or voided, with their reasons, newest first. */
  moderation: '/meetings/moderation',
} as const;

export const meetingIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const meetingUserIdParamsSchema = z.object({
  userId: z.coerce.number().int().positive(),
});

// ---- Proximity tokens ----

/**
 * A token the phone broadcasts over Bluetooth LE while `from <= now < until`. 32 hex characters
 * (16 random bytes, a 128-bit service data payload). Useless to anyone who did not get it from
 * the server for that window.
 */
export const proximityTokenSchema = z.object({
  token: z.string().regex(/^[0-9a-f]{32}$/),
  /** Epoch ms. */
  from: z.number().int(),
  until: z.number().int(),
});
export type ProximityToken = z.infer<typeof proximityTokenSchema>;
export const proximityTokensResponseSchema = z.object({
  /** The current token and the next ones, in order; fetch again before the last one ends. */
  tokens: z.array(proximityTokenSchema),
  rotateSeconds: z.number().int(),
  /**
   * Secret of this session and device for Bluetooth handshakes: 32 bytes as 64 hex
   * characters. The proof of a handshake is `handshakeProof` (rules/handshake-proof.ts), keyed
   * by the 32 bytes, not their text. Never broadcast it.
   */
  handshakeKey: z.string().regex(/^[0-9a-f]{64}$/),
});
export type ProximityTokensResponse = z.infer<typeof proximityTokensResponseSchema>;

// ---- Handshake ----

export const HandshakePhase = { START: 'start', END: 'end' } as const;
export type HandshakePhase = (typeof HandshakePhase)[keyof typeof HandshakePhase];
export const handshakePhaseSchema = z.enum(HandshakePhase);

/** Digits of a handshake code. */
export const HANDSHAKE_CODE_LENGTH = 6;
export const handshakeCodeSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${HANDSHAKE_CODE_LENGTH}}$`), 'meetings.code-format');

/**
 * How often the QR on screen is replaced: the app asks for a new code at `rotateAt`, which
 * voids the one before (single use, and a photographed QR is dead within a rotation).
 */
export const HANDSHAKE_QR_ROTATE_MS = 30_000;

/** The code the caller shows (as digits and as a QR of `qr`) for the partner to send. */
export const handshakeCodeResponseSchema = z.object({
  phase: handshakePhaseSchema,
  code: handshakeCodeSchema,
  /**
   * What the QR encodes: `meeet:hs:2:{code}:{nonce}:{signature}`, a fresh server nonce per
   * issue, signed by the server. Opaque to the app: scanned and sent as it is.
   */
  qr: z.string(),
  /** The active meeting the code ends (phase 'end'), else null. */
  meetingId: z.number().int().nullable(),
  /** Epoch ms; after it the code is refused. */
  expiresAt: z.number().int(),
  /** Epoch ms when the app should ask for a new code and QR (the rotation). */
  rotateAt: z.number().int(),
});
export type HandshakeCodeResponse = z.infer<typeof handshakeCodeResponseSchema>;

export const handshakeRequestSchema = z.discriminatedUnion('method', [
  /** The partner's code, typed. */
  z.object({ method: z.literal('code'), code: handshakeCodeSchema }),
  /** The partner's QR, scanned. */
  z.object({ method: z.literal('qr'), payload: z.string().min(1).max(200) }),
  /** Bluetooth: this phone heard `partnerToken` and proves it with its own handshake key. */
  z.object({
    method: z.literal('ble'),
    phase: handshakePhaseSchema,
    /** The partner's current proximity token, as heard. */
    partnerToken: z.string().regex(/^[0-9a-f]{32}$/),
    /** HMAC-SHA256(handshakeKey, `${phase}:${ownToken}:${partnerToken}`), lower-case hex. */
    proof: z.string().regex(/^[0-9a-f]{64}$/),
  }),
]);
export type HandshakeRequest = z.infer<typeof handshakeRequestSchema>;

// ---- Meetings ----

export const MeetingStatus = {
  /** Started by a handshake, being scored. */
  ACTIVE: 'active',
  /** Enough minutes counted: a meeting proven by both phones. */
  COMPLETED: 'completed',
  /** Ended (handshake, timeout or a void) without enough minutes. */
  FAILED: 'failed',
} as const;
export type MeetingStatus = (typeof MeetingStatus)[keyof typeof MeetingStatus];
export const meetingStatusSchema = z.enum(MeetingStatus);

export const MeetingOutcome = {
  /** Still being scored. */
  PENDING: 'pending',
  /** Completed, every rule allows a mint: the token is being minted. */
  MINTING: 'minting',
  /** Completed and minted; `token` names it. */
  MINTED: 'minted',
  /** Completed but a rule refused the mint; `reasons` say which. */
  REFUSED: 'refused',
  /** The mint failed for a technical reason; the pair may mint together again. */
  MINT_FAILED: 'mint_failed',
  /** Not a proven meeting (`reasons` say why). */
  NOT_PROVEN: 'not_proven',
} as const;
export type MeetingOutcome = (typeof MeetingOutcome)[keyof typeof MeetingOutcome];
export const meetingOutcomeSchema = z.enum(MeetingOutcome);

/**
 * Why a meeting did not mint (shown to both; message `meetings.reason.<reason>`), or why it was
 * not proven. Several can apply at once.
 */
export const meetingReasonSchema = z.enum([
  // The rules of minting (spec §4, §6).
  /** The two do not hold a token of the same level. */
  'no-shared-level',
  /** A holder's first purchase of the level was less than 24 hours ago. */
  'first-purchase-too-recent',
  /** The pair already minted together (only a technical failure allows another). */
  'pair-already-minted',
  /** One of them is under the device-protection lock. */
  'device-locked',
  /** The two accounts proved the meeting with the same attested phone. */
  'same-device',
  /** Gold and Platinum need approved KYC. */
  'kyc-required',
  /** Approved KYC whose maxNftType is below the level. */
  'kyc-level-too-low',
  /** KYC or a status was denied and the three meetings after it are used up. */
  'status-annulled',
  // Why a meeting was not proven (the detector).
  /** Fewer minutes counted than needed. */
  'not-enough-minutes',
  /** A gap without counted minutes longer than allowed. */
  'gap-too-long',
  /** Positions implied an implausible speed (a teleport); the run was voided. */
  'implausible-speed',
  /** Ended by a handshake before enough minutes were counted. */
  'ended-early',
]);
export type MeetingReason = z.infer<typeof meetingReasonSchema>;

export const meetingTokenSchema = z.object({
  id: z.string(),
  /** "Silver #12". */
  name: z.string(),
});

export const meetingSchema = z.object({
  id: z.number().int(),
  partner: publicCardSchema,
  /** How it was started: Bluetooth or the code/QR exchange. */
  method: z.enum(['ble', 'code']),
  status: meetingStatusSchema,
  outcome: meetingOutcomeSchema,
  reasons: z.array(meetingReasonSchema),
  /** The level minted or considered; null until the meeting completes. */
  level: nftTypeSchema.nullable(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  minutesCounted: z.number().int(),
  minutesNeeded: z.number().int(),
  /** The minted token (both are its generators), else null. */
  token: meetingTokenSchema.nullable(),
});
export type Meeting = z.infer<typeof meetingSchema>;

export const meetingListQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const meetingListSchema = z.object({
  offset: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  list: z.array(meetingSchema),
});
export type MeetingList = z.infer<typeof meetingListSchema>;

export const handshakeResponseSchema = z.object({
  /**
   * The meeting the handshake started or ended; null while a Bluetooth handshake waits for
   * the partner's half.
   */
  meeting: meetingSchema.nullable(),
});
export type HandshakeResponse = z.infer<typeof handshakeResponseSchema>;

// ---- Pings ----

/** A signal heard over Bluetooth LE. */
export const heardTokenSchema = z.object({
  token: z.string().regex(/^[0-9a-f]{32}$/),
  /** Received signal strength, dBm. */
  rssi: z.number().int().min(-127).max(20),
  /** The advertiser's calibrated TX power, dBm, when known (attenuation = txPower − rssi). */
  txPower: z.number().int().min(-127).max(20).optional(),
});
export type HeardToken = z.infer<typeof heardTokenSchema>;

/** Every 15 s with the app open, every 60 s or more in the background. */
export const meetingPingFieldsSchema = z.object({
  /** Epoch ms of the fix. */
  t: z.number().int().positive(),
  lat: z.number().min(-90).max(90),
  /** Longitude, spelled `lon` as everywhere in the contract (old apps send `lng`, still read). */
  lon: z.number().min(-180).max(180),
  /** Metres (the 68% radius the OS reports). */
  accuracy: z.number().positive().max(10_000),
  /** Metres per second, when the OS reports it. */
  speed: z.number().min(0).nullable().optional(),
  /** The OS marked the fix as simulated (mock provider); such pings are never counted. */
  simulated: z.boolean().default(false),
  heard: z.array(heardTokenSchema).max(50).default([]),
});
export type MeetingPing = z.input<typeof meetingPingFieldsSchema>;

/**
 * Apps released before issue 39 spell the longitude `lng`: a ping with `lng` and no `lon` is
 * read as one with `lon` (deprecated; docs/decisions.md "One spelling of coordinates").
 */
function lngAsLon(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  if ('lon' in value || !('lng' in value)) return value;
  const { lng, ...rest } = value as Record<string, unknown>;
  return { ...rest, lon: lng };
}

/** The ping as the route and the socket read it: `lon`, or the deprecated `lng`. */
export const meetingPingSchema = z.preprocess(lngAsLon, meetingPingFieldsSchema);

/** How the caller's active meeting stands (the ping's answer and `meeting:progress`). */
export const meetingProgressSchema = z.object({
  meetingId: z.number().int(),
  status: meetingStatusSchema,
  minutesCounted: z.number().int(),
  minutesNeeded: z.number().int(),
  /** Minutes since the last counted one (a gap over the limit ends the meeting). */
  gapMinutes: z.number().int(),
  maxGapMinutes: z.number().int(),
  /** Minutes since the start. */
  elapsedMinutes: z.number().int(),
  windowMinutes: z.number().int(),
});
export type MeetingProgress = z.infer<typeof meetingProgressSchema>;
export const meetingPingResponseSchema = z.object({
  /** Null when the caller has no active meeting (pings are then only kept for a start). */
  progress: meetingProgressSchema.nullable(),
  /**
   * Users holding a level the caller holds, in the neighbouring fine cells, whose token this
   * ping heard near: a Bluetooth handshake can start a meeting with them.
   */
  candidates: z.array(z.number().int()),
});
export type MeetingPingResponse = z.infer<typeof meetingPingResponseSchema>;

// ---- Device lock, denial, status ----

export const deviceLockSchema = z.object({
  locked: z.boolean(),
  /** ISO time the lock ends, null when not locked. */
  until: z.string().nullable(),
  /** Milliseconds left (0 when not locked): the spec's "timer of 72 h or less". */
  remainingMs: z.number().int().min(0),
  /** Why minting is paused (shown with the timer); null when not locked (absent: null). */
  reason: deviceLockReasonSchema.nullable().default(null),
});
export type DeviceLock = z.infer<typeof deviceLockSchema>;

/** A moderator's lift: the lock as it stands afterwards, and whether there was one to lift. */
export const deviceLockLiftSchema = deviceLockSchema.extend({ wasLocked: z.boolean() });
export type DeviceLockLift = z.infer<typeof deviceLockLiftSchema>;

/**
 * Spec §4: after KYC or a status is denied, three more meetings count; then the status is
 * annulled and minting stops until KYC is approved again.
 */
export const denialStandingSchema = z.object({
  denied: z.boolean(),
  /** Meetings left before the annulment; null when nothing was denied. */
  meetingsLeft: z.number().int().min(0).nullable(),
  annulled: z.boolean(),
});
export type DenialStanding = z.infer<typeof denialStandingSchema>;

export const meetingsStatusSchema = z.object({
  active: meetingSchema.nullable(),
  deviceLock: deviceLockSchema,
  denial: denialStandingSchema,
  /** Completed meetings of the caller (the referral statistics count these). */
  meetingsCount: z.number().int(),
});
export type MeetingsStatus = z.infer<typeof meetingsStatusSchema>;

export const moderationMeetingSchema = meetingSchema.omit({ partner: true }).extend({
  userIds: z.tuple([z.number().int(), z.number().int()]),
  /** The technical reason of a `mint_failed` meeting (the chain's or the queue's last error). */
  mintError: z.string().nullable(),
});
export const moderationMeetingListSchema = z.object({
  offset: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  list: z.array(moderationMeetingSchema),
});
export type ModerationMeetingList = z.infer<typeof moderationMeetingListSchema>;

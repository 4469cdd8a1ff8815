/**
 * The map and meetings: raised hands and chat limits, how a meeting is scored and minted, the
 * device lock, and whether meeting calls need an attested phone (issues 12 and 39).
 */
import { z } from 'zod';
import { MEETING_DURATION_MINUTES, MEETING_MIN_MINUTES } from '@meeet/core/constants';
import { appEnvName, type EnvOf, optionalString, withDefault } from './config-values.ts';

export const meetingsEnv = {
  /** Seconds a raised hand survives without a connected socket of its user. */
  MEET_HAND_OFFLINE_SECONDS: withDefault(z.coerce.number().int().min(1), 300),
  /** Seconds a hand stays raised at most. */
  MEET_HAND_MAX_SECONDS: withDefault(z.coerce.number().int().min(1), 4 * 3600),
  /** Positions less accurate than this many metres are refused. */
  MEET_MAX_ACCURACY_M: withDefault(z.coerce.number().positive(), 500),
  /** Chat messages a user may send per minute. */
  MEET_CHAT_PER_MINUTE: withDefault(z.coerce.number().int().min(1), 30),
  /** New conversations a user may start per hour. */
  MEET_NEW_CONVERSATIONS_PER_HOUR: withDefault(z.coerce.number().int().min(1), 10),
  /** Milliseconds of one scored minute of a meeting (tests shorten it). */
  MEETINGS_MINUTE_MS: withDefault(z.coerce.number().int().min(10), 60_000),
  /** Minutes of the window a meeting is scored over, and how many of them must count. */
  MEETINGS_WINDOW_MINUTES: withDefault(
    z.coerce.number().int().min(1).max(240),
    MEETING_DURATION_MINUTES,
  ),
  MEETINGS_MIN_MINUTES: withDefault(z.coerce.number().int().min(1).max(240), MEETING_MIN_MINUTES),
  /** Longest run of uncounted minutes a meeting survives. */
  MEETINGS_MAX_GAP_MINUTES: withDefault(z.coerce.number().int().min(0).max(60), 3),
  /** GPS veto: positions farther apart than base + 2·√(accA² + accB²), capped, do not count. */
  MEETINGS_BASE_DISTANCE_M: withDefault(z.coerce.number().positive(), 5),
  MEETINGS_MAX_DISTANCE_M: withDefault(z.coerce.number().positive(), 40),
  /** A heard token counts as near when txPower − rssi is at most this (exposure-notification style). */
  MEETINGS_MAX_ATTENUATION_DB: withDefault(z.coerce.number().int().min(1).max(150), 60),
  /** TX power assumed when a phone does not report one (dBm). */
  MEETINGS_DEFAULT_TX_POWER_DBM: withDefault(z.coerce.number().int().min(-100).max(20), 0),
  /** Positions implying a faster move than this (m/s, beyond their accuracy) void the run. */
  MEETINGS_MAX_SPEED_MPS: withDefault(z.coerce.number().positive(), 50),
  /** Seconds each proximity token is broadcast before the next one. */
  MEETINGS_TOKEN_ROTATE_SECONDS: withDefault(z.coerce.number().int().min(10).max(3600), 300),
  /** Seconds a handshake code stays valid. */
  MEETINGS_CODE_TTL_SECONDS: withDefault(z.coerce.number().int().min(10).max(3600), 120),
  /** Seconds after the first purchase of a level before it can mint (spec: 24 h). */
  MEETINGS_FIRST_MINT_DELAY_SECONDS: withDefault(z.coerce.number().int().min(0), 86_400),
  /** Seconds of the device-protection lock after a login from a new device (at most 72 h). */
  DEVICE_LOCK_SECONDS: withDefault(
    z.coerce
      .number()
      .int()
      .min(0)
      .max(72 * 3600),
    72 * 3600,
  ),
  /**
   * Whether meeting calls must carry an App Attest assertion: `required` (the default when
   * APP_ENV=production) refuses unattested clients; `optional` (elsewhere) takes them by `x-fp`.
   */
  APP_ATTEST: z.enum(['required', 'optional']).optional(),
  /** The iOS app's App ID, `TEAMID.bundle.id` (its SHA-256 is the attestation's rpId). */
  APP_ATTEST_APP_ID: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Z0-9]{10}\.[A-Za-z0-9.-]+$/, 'must be TEAMID.bundle.id')
      .optional(),
  ),
  /** The App Attest environment accepted: production (the default with APP_ENV=production). */
  APP_ATTEST_ENV: z.enum(['production', 'development']).optional(),
  /** PEM of the App Attest root to verify against; unset → Apple's (tests use their own). */
  APP_ATTEST_ROOT_PEM: optionalString.pipe(
    z.string().includes('-----BEGIN CERTIFICATE-----', { error: 'must be a PEM' }).optional(),
  ),
  /** Meetings that still count after KYC or a status is denied. */
  MEETINGS_AFTER_DENIAL: withDefault(z.coerce.number().int().min(0).max(100), 3),
};

/** Attested phones (issue 39): what verifies an App Attest key and whether calls need one. */
export interface AppAttestConfig {
  readonly mode: 'required' | 'optional';
  /** `TEAMID.bundle.id`; undefined: no phone can attest (only where the mode is optional). */
  readonly appId: string | undefined;
  readonly environment: 'production' | 'development';
  /** Undefined: Apple's App Attest root, bundled with the verifier. */
  readonly rootPem: string | undefined;
}

/** Meetings proven by both phones, and the rules of minting (issue 12). */
export interface MeetingsConfig {
  readonly minuteMs: number;
  readonly windowMinutes: number;
  readonly minMinutes: number;
  readonly maxGapMinutes: number;
  readonly baseDistanceM: number;
  readonly maxDistanceM: number;
  readonly maxAttenuationDb: number;
  readonly defaultTxPowerDbm: number;
  readonly maxSpeedMps: number;
  readonly tokenRotateMs: number;
  readonly codeTtlMs: number;
  readonly firstMintDelayMs: number;
  readonly deviceLockMs: number;
  readonly meetingsAfterDenial: number;
}

export interface MeetConfig {
  readonly handOfflineMs: number;
  readonly handMaxMs: number;
  readonly maxAccuracyM: number;
  readonly chatPerMinute: number;
  readonly newConversationsPerHour: number;
}

type MeetingsEnv = EnvOf<typeof meetingsEnv> & { APP_ENV: string };

function attestMode(e: Pick<MeetingsEnv, 'APP_ATTEST' | 'APP_ENV'>): AppAttestConfig['mode'] {
  return e.APP_ATTEST ?? (e.APP_ENV === 'production' ? 'required' : 'optional');
}

/** Read on its own, so a bad variable elsewhere does not hide it. */
export function attestProblems(env: NodeJS.ProcessEnv): string[] {
  const attest = z
    .object({ ...meetingsEnv, APP_ENV: withDefault(appEnvName, 'development') })
    .pick({ APP_ENV: true, APP_ATTEST: true, APP_ATTEST_APP_ID: true })
    .safeParse(env);
  return attest.success && attestMode(attest.data) === 'required' && !attest.data.APP_ATTEST_APP_ID
    ? ['APP_ATTEST_APP_ID: required when APP_ATTEST=required']
    : [];
}

export function meetConfig(e: MeetingsEnv): MeetConfig {
  return {
    handOfflineMs: e.MEET_HAND_OFFLINE_SECONDS * 1000,
    handMaxMs: e.MEET_HAND_MAX_SECONDS * 1000,
    maxAccuracyM: e.MEET_MAX_ACCURACY_M,
    chatPerMinute: e.MEET_CHAT_PER_MINUTE,
    newConversationsPerHour: e.MEET_NEW_CONVERSATIONS_PER_HOUR,
  };
}

export function meetingsConfig(e: MeetingsEnv): MeetingsConfig {
  return {
    minuteMs: e.MEETINGS_MINUTE_MS,
    windowMinutes: e.MEETINGS_WINDOW_MINUTES,
    minMinutes: Math.min(e.MEETINGS_MIN_MINUTES, e.MEETINGS_WINDOW_MINUTES),
    maxGapMinutes: e.MEETINGS_MAX_GAP_MINUTES,
    baseDistanceM: e.MEETINGS_BASE_DISTANCE_M,
    maxDistanceM: e.MEETINGS_MAX_DISTANCE_M,
    maxAttenuationDb: e.MEETINGS_MAX_ATTENUATION_DB,
    defaultTxPowerDbm: e.MEETINGS_DEFAULT_TX_POWER_DBM,
    maxSpeedMps: e.MEETINGS_MAX_SPEED_MPS,
    tokenRotateMs: e.MEETINGS_TOKEN_ROTATE_SECONDS * 1000,
    codeTtlMs: e.MEETINGS_CODE_TTL_SECONDS * 1000,
    firstMintDelayMs: e.MEETINGS_FIRST_MINT_DELAY_SECONDS * 1000,
    deviceLockMs: e.DEVICE_LOCK_SECONDS * 1000,
    meetingsAfterDenial: e.MEETINGS_AFTER_DENIAL,
  };
}

export function appAttestConfig(e: MeetingsEnv): AppAttestConfig {
  return {
    mode: attestMode(e),
    appId: e.APP_ATTEST_APP_ID,
    environment: e.APP_ATTEST_ENV ?? (e.APP_ENV === 'production' ? 'production' : 'development'),
    rootPem: e.APP_ATTEST_ROOT_PEM,
  };
}

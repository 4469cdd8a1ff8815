import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import { validateMnemonic } from '@scure/bip39';
import { generateMnemonic, english } from 'viem/accounts';
import {
  MEETING_DURATION_MINUTES,
  MEETING_MIN_MINUTES,
  SUPPORT_EMAIL,
} from '@meeet/core/constants';
import { DEFAULT_POOL_MAX } from './db/client.ts';
import { REPO_ROOT } from './lib/package-root.ts';

export { REPO_ROOT };

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Unset and empty mean the same: `PORT= npm start` takes the default. */
const optionalString = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.string().trim().optional(),
);

function withDefault<T extends z.ZodType>(schema: T, fallback: z.input<T>) {
  return z.preprocess(
    (value) =>
      value === undefined || (typeof value === 'string' && value.trim() === '') ? fallback : value,
    schema,
  );
}

const port = z.coerce.number().int().min(1).max(65_535);
const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const postgresUrl = z
  .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
  .optional();

// ---- Push notifications (issue 43): APNs with token-based authentication. All four of key,
// key id, team id and bundle id, or none (push off: the server says so in a log line).
const apnsEnv = {
  /** The `.p8` key from Apple: its PEM text, or the path of the file. */
  APNS_KEY: optionalString,
  /** The key's 10-character id. */
  APNS_KEY_ID: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Z0-9]{10}$/, 'must be the 10-character key id')
      .optional(),
  ),
  /** The Apple developer team's 10-character id. */
  APNS_TEAM_ID: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Z0-9]{10}$/, 'must be the 10-character team id')
      .optional(),
  ),
  /** The iOS app's bundle id: every push's `apns-topic`. */
  APNS_BUNDLE_ID: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9.-]+$/, 'must be a bundle id')
      .optional(),
  ),
  /** Apple's production or sandbox host (default: production with APP_ENV=production). */
  APNS_ENV: z.enum(['production', 'sandbox']).optional(),
  /** Another APNs host (`host[:port]`), e.g. a relay; unset → Apple's for APNS_ENV. */
  APNS_HOST: optionalString,
};

/** Whom pushes are sent through; undefined when APNs is not configured. */
export interface PushConfig {
  readonly apns:
    | {
        /** PEM of the `.p8` key (not enumerable: never logged). */
        readonly key: string;
        readonly keyId: string;
        readonly teamId: string;
        readonly bundleId: string;
        readonly production: boolean;
        readonly host: string | undefined;
      }
    | undefined;
}

type ApnsEnv = { [K in keyof typeof apnsEnv]?: z.output<(typeof apnsEnv)[K]> } & {
  APP_ENV: string;
};

function apnsKeyText(value: string): string | undefined {
  if (value.includes('-----BEGIN')) return value.replace(/\\n/g, '\n');
  const path = absolute(value);
  return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
}

function pushProblems(e: ApnsEnv): string[] {
  const set = [e.APNS_KEY, e.APNS_KEY_ID, e.APNS_TEAM_ID, e.APNS_BUNDLE_ID].filter(Boolean);
  if (set.length === 0) return [];
  if (set.length < 4) {
    return ['APNS_KEY, APNS_KEY_ID, APNS_TEAM_ID, APNS_BUNDLE_ID: set all four or none'];
  }
  return e.APNS_KEY && apnsKeyText(e.APNS_KEY) === undefined
    ? ['APNS_KEY: neither a PEM nor a readable file']
    : [];
}

function pushConfig(e: ApnsEnv): PushConfig {
  const key = e.APNS_KEY ? apnsKeyText(e.APNS_KEY) : undefined;
  if (!key || !e.APNS_KEY_ID || !e.APNS_TEAM_ID || !e.APNS_BUNDLE_ID) return { apns: undefined };
  const apns = {
    keyId: e.APNS_KEY_ID,
    teamId: e.APNS_TEAM_ID,
    bundleId: e.APNS_BUNDLE_ID,
    production:
      (e.APNS_ENV ?? (e.APP_ENV === 'production' ? 'production' : 'sandbox')) === 'production',
    host: e.APNS_HOST,
  };
  Object.defineProperty(apns, 'key', { value: key, enumerable: false });
  return { apns: apns as PushConfig['apns'] };
}
// ---- end of push notifications

/**
 * Every variable the server reads. Defaults make `npm run dev` work on a fresh clone with no
 * external service; production deployments override them.
 */
const envSchema = z.object({
  /** How the code runs: pretty logs and a generated secret in development. */
  NODE_ENV: withDefault(z.enum(['development', 'test', 'production']), 'development'),
  /** The deployment the client sees (spec §6: the control area opens only in development/staging). */
  APP_ENV: withDefault(z.enum(['development', 'staging', 'production']), 'development'),
  HOST: withDefault(z.string().min(1), '0.0.0.0'),
  PORT: withDefault(port, 3000),
  /** Any PostgreSQL; unset → the embedded PostgreSQL under DATA_DIR on PG_PORT. */
  DATABASE_URL: z.preprocess((v) => (v === '' ? undefined : v), postgresUrl),
  /** Connections per process (see DEFAULT_POOL_MAX). */
  DATABASE_POOL_MAX: withDefault(z.coerce.number().int().min(1).max(200), DEFAULT_POOL_MAX),
  /** Local state that must survive restarts: embedded database files, the dev JWT secret. */
  DATA_DIR: optionalString,
  PG_PORT: withDefault(port, 5433),
  LOG_LEVEL: withDefault(z.enum(LOG_LEVELS), 'info'),
  /** The built web app; served from the same port when its index.html exists. */
  WEB_DIST_DIR: optionalString,
  /** Where users reach the app (links in mails, OpenAPI server); defaults to localhost:PORT. */
  PUBLIC_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url().optional()),
  JWT_SECRET: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  /** Behind a load balancer: trust X-Forwarded-* so client IPs (rate limits, logs) are real. */
  TRUST_PROXY: withDefault(booleanFlag, 'false'),
  /** A request whose headers and body have not all arrived by then is answered 408. */
  REQUEST_TIMEOUT_MS: withDefault(z.coerce.number().int().min(100).max(3_600_000), 120_000),
  /** Any SMTP server (`smtp://user:pass@host:587`, `smtps://…`); unset → the dev mailbox table. */
  SMTP_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  MAIL_FROM: withDefault(z.string().min(3), 'MEEET <no-reply@meeet.app>'),
  /** Where feedback from the support form goes. */
  SUPPORT_EMAIL: withDefault(z.email(), SUPPORT_EMAIL),
  /** The Services ID registered with Apple; Sign in with Apple answers 503 while it is unset. */
  APPLE_CLIENT_ID: optionalString,
  APPLE_KEYS_URL: withDefault(z.url(), 'https://appleid.apple.com/auth/keys'),
  APPLE_AUTH_URL: withDefault(z.url(), 'https://appleid.apple.com/auth/authorize'),
  /** Login attempts per client IP per minute. */
  LOGIN_RATE_LIMIT_PER_IP: withDefault(z.coerce.number().int().min(1), 30),
  /** Failed logins per e-mail address per 15 minutes before that address is refused for a while. */
  LOGIN_FAILURES_PER_EMAIL: withDefault(z.coerce.number().int().min(1), 10),
  /** Registrations, code requests, code checks and feedback per client IP per minute. */
  AUTH_RATE_LIMIT_PER_IP: withDefault(z.coerce.number().int().min(1), 30),
  /** Password hashes computed at once, and how many more may wait before 503. */
  PASSWORD_HASH_CONCURRENCY: withDefault(z.coerce.number().int().min(1).max(16), 2),
  PASSWORD_HASH_QUEUE: withDefault(z.coerce.number().int().min(0), 32),
  /** Where uploaded images are kept; unset → DATA_DIR/media. */
  MEDIA_DIR: optionalString,
  /** Largest accepted upload, per file, in megabytes. */
  MEDIA_MAX_UPLOAD_MB: withDefault(z.coerce.number().int().min(1).max(100), 10),
  /** Largest accepted image in megapixels (width × height), checked before decoding. */
  MEDIA_MAX_MEGAPIXELS: withDefault(z.coerce.number().int().min(1).max(500), 40),
  /** Bearer token Prometheus scrapes /api/metrics with (admins may always read it); unset: admins only. */
  METRICS_TOKEN: optionalString.pipe(z.string().min(16).optional()),
  /** Below these (decimal BNB / USDT) the monitor warns that the hot wallet runs low. */
  HOT_WALLET_MIN_BNB: withDefault(z.string().regex(/^\d+(\.\d{1,18})?$/), '0.1'),
  HOT_WALLET_MIN_USDT: withDefault(z.string().regex(/^\d+(\.\d{1,18})?$/), '0'),
  /** Milliseconds between monitor pushes to the admins online. */
  MONITOR_PUSH_MS: withDefault(z.coerce.number().int().min(100), 3000),
  /** Reserved for S3-compatible storage, which is not built yet: setting it fails the start. */
  S3_BUCKET: optionalString,
  /** EVM JSON-RPC (BSC 56 / 97); unset → a local anvil is started and the contracts deployed. */
  CHAIN_RPC_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  ),
  /** Expected chain id: 56 BSC mainnet, 97 BSC testnet; the local anvil uses 31337. */
  CHAIN_ID: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().positive().optional(),
  ),
  USDT_ADDRESS: optionalString,
  TOKEN_ADDRESS: optionalString,
  MARKET_ADDRESS: optionalString,
  /** Blocks a deposit waits for; 0 (default) → the chain's `finalized` block tag. */
  CHAIN_CONFIRMATIONS: withDefault(z.coerce.number().int().min(0).max(10_000), 0),
  /** Block explorer base URL, e.g. https://bscscan.com or https://testnet.bscscan.com. */
  EXPLORER_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url().optional()),
  /** BIP-39 mnemonic of the platform's HD wallet (deposit addresses, hot wallet); never logged. */
  WALLET_MNEMONIC: optionalString,
  /** Alias of WALLET_MNEMONIC. */
  HD_SEED: optionalString,
  /** Local anvil port when CHAIN_RPC_URL is unset (0 → any free port). */
  ANVIL_PORT: withDefault(z.coerce.number().int().min(0).max(65_535), 8545),
  /** Milliseconds between polls of the deposit watcher and the withdrawal tracker. */
  CHAIN_POLL_MS: withDefault(z.coerce.number().int().min(50), 2000),
  /**
   * Redis shared by every server process (socket fan-out, rate limits); unset → all in-process,
   * which is right for exactly one process.
   */
  REDIS_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  ),
  /** How often a process that is not the workers' leader tries to become it. */
  LEADER_RETRY_MS: withDefault(z.coerce.number().int().min(100).max(60_000), 2000),
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
  /** Smallest accrued referral income (USDT smallest units) the worker pays out. */
  REFERRAL_PAYOUT_MIN: withDefault(z.string().regex(/^\d{1,40}$/), '1000000000000000000'),
  /** Milliseconds between passes of the referral payout worker. */
  REFERRAL_PAYOUT_INTERVAL_MS: withDefault(z.coerce.number().int().min(50), 60_000),
  /**
   * `host:port` pairs (comma-separated) postbacks may reach although they are private or local
   * (an operator's own tracker); in development every address is allowed.
   */
  CPA_POSTBACK_ALLOW: withDefault(
    z
      .string()
      .regex(
        /^\s*([^\s,:]+:\d{1,5}\s*(,\s*[^\s,:]+:\d{1,5}\s*)*)?$/,
        'must be host:port[,host:port…]',
      ),
    '',
  ),
  /** Milliseconds a postback receiver has to answer. */
  CPA_POSTBACK_TIMEOUT_MS: withDefault(z.coerce.number().int().min(100).max(60_000), 5000),
  ...apnsEnv,
});

export type NodeEnv = 'development' | 'test' | 'production';
export type AppEnv = 'development' | 'staging' | 'production';
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface AppConfig {
  readonly nodeEnv: NodeEnv;
  readonly appEnv: AppEnv;
  readonly host: string;
  readonly port: number;
  /** Undefined means: start the embedded PostgreSQL. */
  readonly databaseUrl: string | undefined;
  readonly databasePoolMax: number;
  readonly dataDir: string;
  readonly embeddedPgPort: number;
  readonly logLevel: LogLevel;
  readonly webDistDir: string;
  readonly publicUrl: string;
  readonly jwtSecret: string;
  readonly trustProxy: boolean;
  readonly requestTimeoutMs: number;
  readonly smtpUrl: string | undefined;
  /** Undefined means: one process, sockets and rate limits in memory. */
  readonly redisUrl: string | undefined;
  /** Milliseconds between a follower's attempts to take the workers' leader lock. */
  readonly leaderRetryMs: number;
  readonly mailFrom: string;
  readonly supportEmail: string;
  readonly apple: {
    readonly clientId: string | undefined;
    readonly keysUrl: string;
    readonly authUrl: string;
  };
  readonly chain: ChainConfig;
  readonly limits: {
    readonly loginPerIpPerMinute: number;
    readonly loginFailuresPerEmail: number;
    readonly authPerIpPerMinute: number;
    readonly hashConcurrency: number;
    readonly hashQueue: number;
  };
  readonly monitor: {
    readonly metricsToken: string | undefined;
    /** Decimal whole tokens ('0.1'); the config stays JSON-serialisable, so no bigint here. */
    readonly hotWalletMinBnb: string;
    readonly hotWalletMinUsdt: string;
    readonly pushMs: number;
  };
  readonly media: {
    readonly dir: string;
    readonly maxUploadBytes: number;
    readonly maxPixels: number;
  };
  readonly referral: {
    /**
     * Payouts are batched: one per user and UTC day, at least this much (smallest units, a
     * decimal string so the config stays JSON-serialisable).
     */
    readonly payoutMinimum: string;
    readonly payoutIntervalMs: number;
  };
  readonly cpa: {
    /** `host:port` (lower-case) postbacks may reach although private; see CPA_POSTBACK_ALLOW. */
    readonly postbackAllow: readonly string[];
    readonly postbackTimeoutMs: number;
  };
  readonly meet: MeetConfig;
  readonly meetings: MeetingsConfig;
  readonly appAttest: AppAttestConfig;
  readonly push: PushConfig;
}

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

export interface ChainConfig {
  /** Undefined means: start a local anvil and deploy the contracts (development). */
  readonly rpcUrl: string | undefined;
  readonly chainId: number | undefined;
  readonly usdtAddress: `0x${string}` | undefined;
  readonly tokenAddress: `0x${string}` | undefined;
  readonly marketAddress: `0x${string}` | undefined;
  /** 0: use the `finalized` block tag. */
  readonly confirmations: number;
  readonly explorerUrl: string | undefined;
  /** The platform's HD wallet; never logged or returned. */
  readonly mnemonic: string;
  readonly anvilPort: number;
  readonly pollMs: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function absolute(path: string): string {
  return isAbsolute(path) ? path : resolve(REPO_ROOT, path);
}

/**
 * Outside a production deployment a missing JWT_SECRET is generated once and kept in DATA_DIR,
 * so sessions survive restarts without anyone having to invent a secret. Tests get a throwaway
 * one in memory and never touch the disk.
 */
function developmentJwtSecret(dataDir: string, nodeEnv: NodeEnv): string {
  if (nodeEnv === 'test') return randomBytes(32).toString('hex');
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  const secret = randomBytes(32).toString('hex');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * Outside production a missing WALLET_MNEMONIC is generated once into DATA_DIR (gitignored),
 * so deposit addresses stay the same across restarts. Tests get a fresh one in memory.
 */
function developmentMnemonic(dataDir: string, nodeEnv: NodeEnv): string {
  if (nodeEnv === 'test') return generateMnemonic(english);
  const file = join(dataDir, 'wallet-mnemonic');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (validateMnemonic(stored, english)) return stored;
  }
  const mnemonic = generateMnemonic(english);
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${mnemonic}\n`, { mode: 0o600 });
  return mnemonic;
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

function chainProblems(e: z.infer<typeof envSchema>): string[] {
  const problems: string[] = [];
  const mnemonic = e.WALLET_MNEMONIC ?? e.HD_SEED;
  if (mnemonic !== undefined && !validateMnemonic(mnemonic, english)) {
    problems.push('WALLET_MNEMONIC: must be a valid BIP-39 mnemonic (english word list)');
  }
  for (const name of ['USDT_ADDRESS', 'TOKEN_ADDRESS', 'MARKET_ADDRESS'] as const) {
    const value = e[name];
    if (value !== undefined && !ADDRESS.test(value)) problems.push(`${name}: must be 0x + 40 hex`);
  }
  if (e.CHAIN_RPC_URL) {
    if (e.CHAIN_ID === undefined) problems.push('CHAIN_ID: required when CHAIN_RPC_URL is set');
    for (const name of ['USDT_ADDRESS', 'TOKEN_ADDRESS', 'MARKET_ADDRESS'] as const) {
      if (e[name] === undefined) problems.push(`${name}: required when CHAIN_RPC_URL is set`);
    }
  }
  return problems;
}

/**
 * What a production deployment must name itself. Without them the server would quietly start
 * the development stand-ins (embedded PostgreSQL, a local chain with test USDT, a generated
 * secret and wallet, the database mailbox), which must never serve real users. Read from the
 * raw environment, so they are listed even when other variables fail to parse.
 */
const REQUIRED_IN_PRODUCTION: readonly (readonly [string, ...string[]])[] = [
  ['DATABASE_URL'],
  ['CHAIN_RPC_URL'],
  ['WALLET_MNEMONIC', 'HD_SEED'],
  ['JWT_SECRET'],
  ['SMTP_URL'],
];

function missingInProduction(env: NodeJS.ProcessEnv): string[] {
  const isSet = (name: string) => typeof env[name] === 'string' && env[name].trim() !== '';
  return REQUIRED_IN_PRODUCTION.filter((names) => !names.some(isSet)).map(
    ([name]) => `${name}: required when APP_ENV=production`,
  );
}

/**
 * Parses the environment once. Throws a ConfigError naming every bad variable at once, so a
 * deployment is fixed in one round rather than one variable per restart.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

  const appEnv = parsed.success ? parsed.data.APP_ENV : env.APP_ENV;
  if (appEnv === 'production') problems.push(...missingInProduction(env));
  if (parsed.success && parsed.data.S3_BUCKET) {
    problems.push('S3_BUCKET: S3 media storage is not available yet; unset it to use MEDIA_DIR');
  }
  if (parsed.success) problems.push(...chainProblems(parsed.data));
  if (parsed.success) problems.push(...pushProblems(parsed.data));
  const attestMode = parsed.success
    ? (parsed.data.APP_ATTEST ?? (parsed.data.APP_ENV === 'production' ? 'required' : 'optional'))
    : undefined;
  if (parsed.success && attestMode === 'required' && !parsed.data.APP_ATTEST_APP_ID) {
    problems.push('APP_ATTEST_APP_ID: required when APP_ATTEST=required');
  }
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);

  const e = parsed.data;
  const dataDir = absolute(e.DATA_DIR ?? '.data');
  const config: AppConfig = {
    nodeEnv: e.NODE_ENV,
    appEnv: e.APP_ENV,
    host: e.HOST,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    dataDir,
    embeddedPgPort: e.PG_PORT,
    logLevel: e.LOG_LEVEL,
    webDistDir: absolute(e.WEB_DIST_DIR ?? 'apps/web/dist'),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    jwtSecret: e.JWT_SECRET ?? developmentJwtSecret(dataDir, e.NODE_ENV),
    trustProxy: e.TRUST_PROXY,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    smtpUrl: e.SMTP_URL,
    redisUrl: e.REDIS_URL,
    leaderRetryMs: e.LEADER_RETRY_MS,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    apple: {
      clientId: e.APPLE_CLIENT_ID,
      keysUrl: e.APPLE_KEYS_URL,
      authUrl: e.APPLE_AUTH_URL,
    },
    chain: {
      rpcUrl: e.CHAIN_RPC_URL,
      chainId: e.CHAIN_ID,
      usdtAddress: e.USDT_ADDRESS as `0x${string}` | undefined,
      tokenAddress: e.TOKEN_ADDRESS as `0x${string}` | undefined,
      marketAddress: e.MARKET_ADDRESS as `0x${string}` | undefined,
      confirmations: e.CHAIN_CONFIRMATIONS,
      explorerUrl: e.EXPLORER_URL?.replace(/\/+$/, ''),
      mnemonic: '',
      anvilPort: e.ANVIL_PORT,
      pollMs: e.CHAIN_POLL_MS,
    },
    limits: {
      loginPerIpPerMinute: e.LOGIN_RATE_LIMIT_PER_IP,
      loginFailuresPerEmail: e.LOGIN_FAILURES_PER_EMAIL,
      authPerIpPerMinute: e.AUTH_RATE_LIMIT_PER_IP,
      hashConcurrency: e.PASSWORD_HASH_CONCURRENCY,
      hashQueue: e.PASSWORD_HASH_QUEUE,
    },
    monitor: {
      metricsToken: e.METRICS_TOKEN,
      hotWalletMinBnb: e.HOT_WALLET_MIN_BNB,
      hotWalletMinUsdt: e.HOT_WALLET_MIN_USDT,
      pushMs: e.MONITOR_PUSH_MS,
    },
    media: {
      dir: e.MEDIA_DIR ? absolute(e.MEDIA_DIR) : join(dataDir, 'media'),
      maxUploadBytes: e.MEDIA_MAX_UPLOAD_MB * 1024 * 1024,
      maxPixels: e.MEDIA_MAX_MEGAPIXELS * 1_000_000,
    },
    referral: {
      payoutMinimum: e.REFERRAL_PAYOUT_MIN,
      payoutIntervalMs: e.REFERRAL_PAYOUT_INTERVAL_MS,
    },
    cpa: {
      postbackAllow: e.CPA_POSTBACK_ALLOW.split(',')
        .map((entry) => entry.trim().toLowerCase())
        .filter((entry) => entry !== ''),
      postbackTimeoutMs: e.CPA_POSTBACK_TIMEOUT_MS,
    },
    meet: {
      handOfflineMs: e.MEET_HAND_OFFLINE_SECONDS * 1000,
      handMaxMs: e.MEET_HAND_MAX_SECONDS * 1000,
      maxAccuracyM: e.MEET_MAX_ACCURACY_M,
      chatPerMinute: e.MEET_CHAT_PER_MINUTE,
      newConversationsPerHour: e.MEET_NEW_CONVERSATIONS_PER_HOUR,
    },
    meetings: {
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
    },
    appAttest: {
      mode: attestMode ?? 'optional',
      appId: e.APP_ATTEST_APP_ID,
      environment: e.APP_ATTEST_ENV ?? (e.APP_ENV === 'production' ? 'production' : 'development'),
      rootPem: e.APP_ATTEST_ROOT_PEM,
    },
    push: pushConfig(e),
  };
  // The mnemonic is not enumerable, so logging or serialising the config never shows it; a
  // development one is generated (and written to DATA_DIR) only when first asked for.
  let mnemonic = e.WALLET_MNEMONIC ?? e.HD_SEED;
  Object.defineProperty(config.chain, 'mnemonic', {
    get: () => (mnemonic ??= developmentMnemonic(dataDir, e.NODE_ENV)),
    enumerable: false,
  });
  Object.freeze(config.chain);
  return Object.freeze(config);
}

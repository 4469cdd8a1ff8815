import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import { validateMnemonic } from '@scure/bip39';
import { english } from 'viem/accounts';
import {
  MEETING_DURATION_MINUTES,
  MEETING_MIN_MINUTES,
  SUPPORT_EMAIL,
} from '@meeet/core/constants';
import {
  developmentJwtSecret,
  developmentMnemonic,
  type NodeEnv,
  optionalString,
  port,
  postgresUrl,
  trustProxy,
  withDefault,
} from './config-values.ts';
import { DEFAULT_DATABASE_TIMEOUTS, DEFAULT_POOL_MAX, type DatabaseTimeouts } from './db/client.ts';
import { REPO_ROOT } from './lib/package-root.ts';
import { apnsEnv, pushConfig, pushProblems, type PushConfig } from './config-push.ts';

export type { NodeEnv };

export { REPO_ROOT };

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

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
  /** PostgreSQL cancels a statement running longer (0 = never); see DatabaseTimeouts. */
  DATABASE_STATEMENT_TIMEOUT_MS: withDefault(
    z.coerce.number().int().min(0),
    DEFAULT_DATABASE_TIMEOUTS.statementTimeoutMs,
  ),
  /** PostgreSQL ends a session idle inside a transaction this long (0 = never). */
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: withDefault(
    z.coerce.number().int().min(0),
    DEFAULT_DATABASE_TIMEOUTS.idleInTransactionTimeoutMs,
  ),
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
  /** Behind proxies: which X-Forwarded-For hops to trust, so client IPs (rate limits) are real. */
  TRUST_PROXY: withDefault(trustProxy, 'false'),
  /** A request whose headers and body have not all arrived by then is answered 408. */
  REQUEST_TIMEOUT_MS: withDefault(z.coerce.number().int().min(100).max(3_600_000), 120_000),
  /** Any SMTP server (`smtp://user:pass@host:587`, `smtps://…`); unset → the dev mailbox table. */
  SMTP_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  /** Milliseconds to connect to the SMTP server, to get its greeting, and of socket silence. */
  SMTP_CONNECTION_TIMEOUT_MS: withDefault(z.coerce.number().int().min(100), 10_000),
  SMTP_GREETING_TIMEOUT_MS: withDefault(z.coerce.number().int().min(100), 10_000),
  SMTP_SOCKET_TIMEOUT_MS: withDefault(z.coerce.number().int().min(100), 30_000),
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
  /** Seconds a new withdrawal address waits, and a risky change pauses withdrawals (24 h). */
  WITHDRAWAL_HOLD_SECONDS: withDefault(z.coerce.number().int().min(0), 86_400),
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
  SHUTDOWN_GRACE_MS: withDefault(z.coerce.number().int().min(1_000).max(600_000), 25_000),
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
  readonly databaseTimeouts: DatabaseTimeouts;
  readonly dataDir: string;
  readonly embeddedPgPort: number;
  readonly logLevel: LogLevel;
  readonly webDistDir: string;
  readonly publicUrl: string;
  readonly jwtSecret: string;
  /** Fastify's trustProxy: all, none, a hop count, or the proxies' addresses/CIDRs. */
  readonly trustProxy: boolean | number | string[];
  readonly requestTimeoutMs: number;
  readonly smtpUrl: string | undefined;
  readonly smtpTimeouts: SmtpTimeouts;
  /** Undefined means: one process, sockets and rate limits in memory. */
  readonly redisUrl: string | undefined;
  /** Milliseconds between a follower's attempts to take the workers' leader lock. */
  readonly leaderRetryMs: number;
  /** The longest a SIGTERM's drain may take before the process exits anyway. */
  readonly shutdownGraceMs: number;
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

/** Bounds on each SMTP delivery, so a stalled mail server fails a send instead of hanging it. */
export interface SmtpTimeouts {
  readonly connectionMs: number;
  readonly greetingMs: number;
  readonly socketMs: number;
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
  /** How long a new withdrawal address waits, and a risky change pauses withdrawals. */
  readonly withdrawalHoldMs: number;
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

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** The chain's variables, parsed on their own so their problems come with every other one. */
const chainEnvSchema = envSchema.pick({
  WALLET_MNEMONIC: true,
  HD_SEED: true,
  USDT_ADDRESS: true,
  TOKEN_ADDRESS: true,
  MARKET_ADDRESS: true,
  CHAIN_RPC_URL: true,
  CHAIN_ID: true,
});

function chainProblems(e: z.infer<typeof chainEnvSchema>): string[] {
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
  // The rules across variables read each group parsed on its own, so one bad variable elsewhere
  // does not hide them: every problem is named in one round.
  const media = envSchema.pick({ S3_BUCKET: true }).safeParse(env);
  if (media.success && media.data.S3_BUCKET) {
    problems.push('S3_BUCKET: S3 media storage is not available yet; unset it to use MEDIA_DIR');
  }
  const chain = chainEnvSchema.safeParse(env);
  if (chain.success) problems.push(...chainProblems(chain.data));
  const push = envSchema
    .pick({
      APP_ENV: true,
      APNS_KEY: true,
      APNS_KEY_ID: true,
      APNS_TEAM_ID: true,
      APNS_BUNDLE_ID: true,
      APNS_ENV: true,
      APNS_HOST: true,
    })
    .safeParse(env);
  if (push.success) problems.push(...pushProblems(push.data));
  const attest = envSchema
    .pick({ APP_ENV: true, APP_ATTEST: true, APP_ATTEST_APP_ID: true })
    .safeParse(env);
  const attestMode = attest.success
    ? (attest.data.APP_ATTEST ?? (attest.data.APP_ENV === 'production' ? 'required' : 'optional'))
    : undefined;
  if (attest.success && attestMode === 'required' && !attest.data.APP_ATTEST_APP_ID) {
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
    databaseTimeouts: {
      statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      idleInTransactionTimeoutMs: e.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    dataDir,
    embeddedPgPort: e.PG_PORT,
    logLevel: e.LOG_LEVEL,
    webDistDir: absolute(e.WEB_DIST_DIR ?? 'apps/web/dist'),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    jwtSecret: e.JWT_SECRET ?? developmentJwtSecret(dataDir, e.NODE_ENV),
    trustProxy: e.TRUST_PROXY,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    smtpUrl: e.SMTP_URL,
    smtpTimeouts: {
      connectionMs: e.SMTP_CONNECTION_TIMEOUT_MS,
      greetingMs: e.SMTP_GREETING_TIMEOUT_MS,
      socketMs: e.SMTP_SOCKET_TIMEOUT_MS,
    },
    redisUrl: e.REDIS_URL,
    leaderRetryMs: e.LEADER_RETRY_MS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
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
      withdrawalHoldMs: e.WITHDRAWAL_HOLD_SECONDS * 1000,
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

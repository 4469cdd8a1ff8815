import { z } from 'zod';
import { type ChainConfig, chainConfig, chainEnv, chainProblems } from './config-chain.ts';
import { mailConfig, mailEnv, type SmtpTimeouts } from './config-mail.ts';
import { mediaConfig, mediaEnv, mediaProblems } from './config-media.ts';
import {
  type AppAttestConfig,
  appAttestConfig,
  attestProblems,
  type MeetConfig,
  meetConfig,
  type MeetingsConfig,
  meetingsConfig,
  meetingsEnv,
} from './config-meetings.ts';
import {
  absolute,
  appEnvName,
  developmentJwtSecret,
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

export type { AppAttestConfig, ChainConfig, MeetConfig, MeetingsConfig, NodeEnv, SmtpTimeouts };

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
  APP_ENV: withDefault(appEnvName, 'development'),
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
  ...mailEnv,
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
  ...mediaEnv,
  /** Bearer token Prometheus scrapes /api/metrics with (admins may always read it); unset: admins only. */
  METRICS_TOKEN: optionalString.pipe(z.string().min(16).optional()),
  /** Below these (decimal BNB / USDT) the monitor warns that the hot wallet runs low. */
  HOT_WALLET_MIN_BNB: withDefault(z.string().regex(/^\d+(\.\d{1,18})?$/), '0.1'),
  HOT_WALLET_MIN_USDT: withDefault(z.string().regex(/^\d+(\.\d{1,18})?$/), '0'),
  /** Milliseconds between monitor pushes to the admins online. */
  MONITOR_PUSH_MS: withDefault(z.coerce.number().int().min(100), 3000),
  ...chainEnv,
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
  ...meetingsEnv,
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

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
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
 * The rules across variables read each group parsed on its own, so one bad variable elsewhere
 * does not hide them: every problem is named in one round.
 */
function crossProblems(env: NodeJS.ProcessEnv, appEnv: string | undefined): string[] {
  const problems = appEnv === 'production' ? missingInProduction(env) : [];
  problems.push(...mediaProblems(env), ...chainProblems(env));
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
  problems.push(...attestProblems(env));
  return problems;
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
  problems.push(...crossProblems(env, parsed.success ? parsed.data.APP_ENV : env.APP_ENV));
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);

  const e = parsed.data;
  const dataDir = absolute(e.DATA_DIR ?? '.data');
  const { smtpUrl, smtpTimeouts, mailFrom, supportEmail } = mailConfig(e);
  return Object.freeze({
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
    smtpUrl,
    smtpTimeouts,
    redisUrl: e.REDIS_URL,
    leaderRetryMs: e.LEADER_RETRY_MS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    mailFrom,
    supportEmail,
    apple: {
      clientId: e.APPLE_CLIENT_ID,
      keysUrl: e.APPLE_KEYS_URL,
      authUrl: e.APPLE_AUTH_URL,
    },
    chain: chainConfig(e, dataDir, e.NODE_ENV),
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
    media: mediaConfig(e, dataDir),
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
    meet: meetConfig(e),
    meetings: meetingsConfig(e),
    appAttest: appAttestConfig(e),
    push: pushConfig(e),
  } satisfies AppConfig);
}

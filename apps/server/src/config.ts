import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { SUPPORT_EMAIL } from '@meeet/core/constants';

/** The monorepo root, so defaults do not depend on the directory a command was started from. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

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
  readonly dataDir: string;
  readonly embeddedPgPort: number;
  readonly logLevel: LogLevel;
  readonly webDistDir: string;
  readonly publicUrl: string;
  readonly jwtSecret: string;
  readonly trustProxy: boolean;
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  readonly supportEmail: string;
  readonly apple: {
    readonly clientId: string | undefined;
    readonly keysUrl: string;
    readonly authUrl: string;
  };
  readonly limits: {
    readonly loginPerIpPerMinute: number;
    readonly loginFailuresPerEmail: number;
    readonly authPerIpPerMinute: number;
    readonly hashConcurrency: number;
    readonly hashQueue: number;
  };
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
 * Parses the environment once. Throws a ConfigError naming every bad variable at once, so a
 * deployment is fixed in one round rather than one variable per restart.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

  const appEnv = parsed.success ? parsed.data.APP_ENV : env.APP_ENV;
  const jwtProvided = typeof env.JWT_SECRET === 'string' && env.JWT_SECRET.trim() !== '';
  if (appEnv === 'production' && !jwtProvided) {
    problems.push('JWT_SECRET: required when APP_ENV=production');
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
    dataDir,
    embeddedPgPort: e.PG_PORT,
    logLevel: e.LOG_LEVEL,
    webDistDir: absolute(e.WEB_DIST_DIR ?? 'apps/web/dist'),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    jwtSecret: e.JWT_SECRET ?? developmentJwtSecret(dataDir, e.NODE_ENV),
    trustProxy: e.TRUST_PROXY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    apple: {
      clientId: e.APPLE_CLIENT_ID,
      keysUrl: e.APPLE_KEYS_URL,
      authUrl: e.APPLE_AUTH_URL,
    },
    limits: {
      loginPerIpPerMinute: e.LOGIN_RATE_LIMIT_PER_IP,
      loginFailuresPerEmail: e.LOGIN_FAILURES_PER_EMAIL,
      authPerIpPerMinute: e.AUTH_RATE_LIMIT_PER_IP,
      hashConcurrency: e.PASSWORD_HASH_CONCURRENCY,
      hashQueue: e.PASSWORD_HASH_QUEUE,
    },
  };
  return Object.freeze(config);
}

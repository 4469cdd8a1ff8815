import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import { validateMnemonic } from '@scure/bip39';
import { generateMnemonic, english } from 'viem/accounts';
import { REPO_ROOT } from './lib/package-root.ts';

// The value parsers of config.ts's variables, and the development secrets it generates.

/** The parsed values of one area's variables (`config-*.ts` each export their shape). */
export type EnvOf<Shape extends z.ZodRawShape> = z.output<z.ZodObject<Shape>>;

/** The deployment the client sees (spec §6: the control area opens only in development/staging). */
export const appEnvName = z.enum(['development', 'staging', 'production']);

/** A path in a variable, relative to the repository root unless absolute. */
export function absolute(path: string): string {
  return isAbsolute(path) ? path : resolve(REPO_ROOT, path);
}

export type NodeEnv = 'development' | 'test' | 'production';

/** Unset and empty mean the same: `PORT= npm start` takes the default. */
export const optionalString = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.string().trim().optional(),
);

export function withDefault<T extends z.ZodType>(schema: T, fallback: z.input<T>) {
  return z.preprocess(
    (value) =>
      value === undefined || (typeof value === 'string' && value.trim() === '') ? fallback : value,
    schema,
  );
}

export const port = z.coerce.number().int().min(1).max(65_535);
/** proxy-addr's names of address ranges, accepted in a TRUST_PROXY list. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * `true`/`false`, a hop count (`1`: the nearest proxy only, so a client's own X-Forwarded-For
 * entries are ignored), or proxy addresses/CIDRs (`10.0.0.0/8,127.0.0.1`): Fastify's trustProxy.
 */
export const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): boolean | number | string[] => {
    if (value === 'true') return true;
    if (value === 'false') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every(isProxyAddress)) return entries;
    ctx.addIssue({
      code: 'custom',
      message: 'must be true, false, a hop count or proxy addresses/CIDRs (comma-separated)',
    });
    return z.NEVER;
  });
/**
 * TRUST_PROXY as Fastify takes it. Fastify refuses a bare hop count (it trusts nothing then),
 * so `n` becomes "the nearest n addresses are proxies": the client is the address they saw.
 * That trusts whoever connects directly, so a hop count suits only a port that nothing but the
 * proxies can reach; a list of proxy addresses holds anywhere (README).
 */
export function trustProxyOption(
  value: boolean | number | string[],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  return (_address, hop) => hop < value;
}

export const postgresUrl = z
  .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
  .optional();

/**
 * Outside a production deployment a missing JWT_SECRET is generated once and kept in DATA_DIR,
 * so sessions survive restarts without anyone having to invent a secret. Tests get a throwaway
 * one in memory and never touch the disk.
 */
export function developmentJwtSecret(dataDir: string, nodeEnv: NodeEnv): string {
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
export function developmentMnemonic(dataDir: string, nodeEnv: NodeEnv): string {
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

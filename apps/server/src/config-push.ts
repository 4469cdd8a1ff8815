/**
 * Push notifications' settings (issue 43): APNs with token-based authentication. All four of
 * key, key id, team id and bundle id, or none (push off: the server says so in a log line).
 */
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import { optionalString } from './config-values.ts';
import { REPO_ROOT } from './lib/package-root.ts';

export const apnsEnv = {
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

export type ApnsEnv = { [K in keyof typeof apnsEnv]?: z.output<(typeof apnsEnv)[K]> } & {
  APP_ENV: string;
};

function apnsKeyText(value: string): string | undefined {
  if (value.includes('-----BEGIN')) return value.replace(/\\n/g, '\n');
  const path = isAbsolute(value) ? value : resolve(REPO_ROOT, value);
  return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
}

export function pushProblems(e: ApnsEnv): string[] {
  const set = [e.APNS_KEY, e.APNS_KEY_ID, e.APNS_TEAM_ID, e.APNS_BUNDLE_ID].filter(Boolean);
  if (set.length === 0) return [];
  if (set.length < 4) {
    return ['APNS_KEY, APNS_KEY_ID, APNS_TEAM_ID, APNS_BUNDLE_ID: set all four or none'];
  }
  return e.APNS_KEY && apnsKeyText(e.APNS_KEY) === undefined
    ? ['APNS_KEY: neither a PEM nor a readable file']
    : [];
}

export function pushConfig(e: ApnsEnv): PushConfig {
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

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export interface E2eServerInfo {
  dataDir: string;
  pgPort: string;
  mailDir: string;
  port: string;
  /** The local postback receiver (an affiliate's tracker) and where it keeps what it got. */
  postbackDir: string;
  postbackPort: number;
  /** Where the local APNs keeps each push it received (scripts/fake-apns.mjs). */
  apnsDir: string;
}

const root = resolve(import.meta.dirname, '..', '..');

/** Where the browser tests' server keeps its state (written by scripts/e2e-server.mjs). */
export function e2eServerInfo(): E2eServerInfo {
  return JSON.parse(readFileSync(resolve(root, 'test-results', 'e2e-server.json'), 'utf8'));
}

export const repoRoot = root;

#!/usr/bin/env node
// Tests of several server processes share Debian's redis-server (never a downloaded build):
// install it when it is missing and we are allowed to (root with apt-get), otherwise say
// exactly what to do.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

export const REDIS_SERVER_PATH = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';

function run(command) {
  execSync(command, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

export function ensureRedis() {
  if (existsSync(REDIS_SERVER_PATH)) return REDIS_SERVER_PATH;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (!isRoot || !hasApt) {
    throw new Error(
      `redis-server not found at ${REDIS_SERVER_PATH}. Install Debian's package (sudo apt-get install -y redis-server) or set REDIS_SERVER_PATH.`,
    );
  }
  console.log('Installing redis-server from Debian packages (one time)…');
  run('apt-get update -qq');
  run('apt-get install -y -qq redis-server');
  if (!existsSync(REDIS_SERVER_PATH)) {
    throw new Error('apt-get finished but redis-server is still missing');
  }
  return REDIS_SERVER_PATH;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`redis-server: ${ensureRedis()}`);
}

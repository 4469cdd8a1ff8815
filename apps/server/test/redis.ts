import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Redis } from 'ioredis';
import { REPO_ROOT } from '../src/config.ts';
import { freePort } from './global-setup.ts';

const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';

export interface TestRedis {
  url: string;
  stop(): Promise<void>;
}

/**
 * A throwaway Debian redis-server on a free port, without persistence. Installs the package
 * first (as root with apt-get) when it is missing, as the browser tests do with Chromium.
 */
export async function startRedis(): Promise<TestRedis> {
  if (!existsSync(REDIS_SERVER)) {
    execFileSync(process.execPath, ['scripts/ensure-redis.mjs'], {
      cwd: REPO_ROOT,
      stdio: 'inherit',
    });
  }
  const port = await freePort();
  const child = spawn(REDIS_SERVER, ['--port', String(port), '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `redis://127.0.0.1:${port}`;
  const probe = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => 50,
  });
  probe.on('error', () => {});
  try {
    const deadline = Date.now() + 10_000;
    for (;;) {
      try {
        await probe.connect();
        await probe.ping();
        break;
      } catch (error) {
        if (Date.now() > deadline || child.exitCode !== null) throw error;
        probe.disconnect();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  } finally {
    probe.disconnect();
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

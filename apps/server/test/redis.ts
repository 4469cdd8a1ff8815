import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Redis } from 'ioredis';
import { REPO_ROOT } from '../src/config.ts';
import { freePort } from './global-setup.ts';

const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';

export interface TestRedis {
  url: string;
  port: number;
  /** Stops the server (an outage): clients see refused connections on its port. */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty, and resolves once it answers. */
  restart(): Promise<void>;
}

/**
 * A throwaway Debian redis-server on a free port (or `port`), without persistence. Installs
 * the package first (as root with apt-get) when it is missing, as the browser tests do with
 * Chromium.
 */
export async function startRedis(port?: number): Promise<TestRedis> {
  if (!existsSync(REDIS_SERVER)) {
    execFileSync(process.execPath, ['scripts/ensure-redis.mjs'], {
      cwd: REPO_ROOT,
      stdio: 'inherit',
    });
  }
  const chosen = port ?? (await freePort());
  const url = `redis://127.0.0.1:${chosen}`;
  let running = await spawnRedis(chosen, url);
  const stop = async () => {
    if (running.child.exitCode === null) running.child.kill('SIGTERM');
    await running.exited;
  };
  return {
    url,
    port: chosen,
    stop,
    restart: async () => {
      await stop();
      running = await spawnRedis(chosen, url);
    },
  };
}

async function spawnRedis(port: number, url: string) {
  const child = spawn(REDIS_SERVER, ['--port', String(port), '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
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
  return { child, exited };
}

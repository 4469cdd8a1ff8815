import { spawn, type ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { io as connect, type Socket } from 'socket.io-client';
import { generateMnemonic, english } from 'viem/accounts';
import { startAnvil, type AnvilInstance } from '@meeet/contracts/anvil';
import type { ClientToServerEvents, ServerToClientEvents } from '@meeet/core/api/realtime';
import { createDatabase, createPool, type Database } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import type { Chain } from '../src/modules/chain/chain.client.ts';
import { prepareLocalChain } from '../src/modules/chain/local-chain.ts';
import { createTestDatabase } from './helpers.ts';
import { startRedis, type TestRedis } from './redis.ts';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
export const LEADER_RETRY_MS = 500;
const LEADER_ELECTED = 'leader elected: this process runs the workers';
export const FINGERPRINT = { 'x-fp': 'fp-two-processes' };

/** Resolves once `check` holds, polling every 50 ms; fails after `timeoutMs`. */
export async function until<T>(
  check: () => T | Promise<T>,
  timeoutMs = 20_000,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Fails with `what` instead of the whole test's timeout when `promise` does not settle. */
export async function within<T>(promise: Promise<T>, what: string, timeoutMs = 10_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`${what}: nothing within ${timeoutMs} ms`)),
          timeoutMs,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** One real server process (the production entry, `src/server.ts`) and the logs it wrote. */
export class ServerProcess {
  readonly logs: { msg?: string; time?: number; lock?: string }[] = [];
  readonly child: ChildProcess;
  readonly exited: Promise<void>;

  constructor(
    readonly name: string,
    readonly url: string,
    env: Record<string, string>,
  ) {
    this.child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: SERVER_DIR,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.exited = new Promise((resolve) => this.child.once('exit', () => resolve()));
    let buffered = '';
    this.child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        try {
          this.logs.push(JSON.parse(line) as { msg?: string });
        } catch {
          this.logs.push({ msg: line });
        }
      }
    });
    this.child.stderr?.on('data', (chunk: Buffer) => this.logs.push({ msg: chunk.toString() }));
  }

  /** How often this process became the leader of `lock` (the chain workers by default). */
  elections(lock = 'meeet:chain-workers'): number {
    return this.logs.filter((line) => line.msg === LEADER_ELECTED && line.lock === lock).length;
  }

  async ready(): Promise<void> {
    await until(async () => {
      if (this.child.exitCode !== null) {
        throw new Error(`${this.name} exited: ${this.logs.map((l) => l.msg).join('\n')}`);
      }
      const response = await fetch(`${this.url}/api/health`).catch(() => undefined);
      return response?.ok;
    }, 60_000);
  }

  async api<T>(
    method: string,
    path: string,
    body?: unknown,
    token?: string,
    fingerprint = FINGERPRINT['x-fp'],
    headers: Record<string, string> = {},
  ): Promise<T> {
    const response = await fetch(`${this.url}/api${path}`, {
      method,
      headers: {
        ...headers,
        'x-fp': fingerprint,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok)
      throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  socket(token: string, fingerprint = FINGERPRINT['x-fp']): Promise<ClientSocket> {
    const client: ClientSocket = connect(this.url, {
      transports: ['websocket'],
      auth: { accessKey: token },
      extraHeaders: { 'x-fp': fingerprint },
      forceNew: true,
      reconnection: false,
    });
    return new Promise((resolve, reject) => {
      client.once('connect', () => resolve(client));
      client.once('connect_error', reject);
    });
  }

  async kill(signal: NodeJS.Signals): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
    await this.exited;
  }
}

/** What server processes share: one PostgreSQL, one Redis, one chain with the contracts. */
export interface SharedStack {
  redis: TestRedis;
  anvil: AnvilInstance;
  chain: Chain;
  db: Database;
  /** The environment of a server process on this stack (add PORT). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** Starts Redis, anvil and a fresh database, and deploys the contracts as an operator would. */
export async function startSharedStack(
  extraEnv: Record<string, string> = {},
): Promise<SharedStack> {
  const redis = await startRedis();
  const anvil = await startAnvil({ port: 0 });
  const database = await createTestDatabase();
  const pool = createPool(database.url);
  await runMigrations(pool);
  const db = createDatabase(pool);
  const mnemonic = generateMnemonic(english);
  // Deployed here, as an operator would before pointing the servers at an existing chain.
  const chain = await prepareLocalChain({
    rpcUrl: anvil.rpcUrl,
    chainId: anvil.chainId,
    nodeMnemonic: anvil.mnemonic,
    mnemonic,
    confirmations: 1,
    db,
    log: (await import('fastify')).default({ logger: false }).log,
  });
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    JWT_SECRET: 'two-processes-secret-long-enough-for-hs256',
    DATA_DIR: join(tmpdir(), 'meeet-test-two-processes'),
    WEB_DIST_DIR: join(tmpdir(), 'meeet-test-no-web-dist'),
    AUTH_RATE_LIMIT_PER_IP: '1000',
    LOGIN_RATE_LIMIT_PER_IP: '1000',
    CHAIN_RPC_URL: anvil.rpcUrl,
    CHAIN_ID: String(anvil.chainId),
    USDT_ADDRESS: chain.contracts.usdt,
    TOKEN_ADDRESS: chain.contracts.token ?? '',
    MARKET_ADDRESS: chain.contracts.market ?? '',
    CHAIN_CONFIRMATIONS: '1',
    CHAIN_POLL_MS: '200',
    WALLET_MNEMONIC: mnemonic,
    LEADER_RETRY_MS: String(LEADER_RETRY_MS),
    ...extraEnv,
  };
  return {
    redis,
    anvil,
    chain,
    db,
    env,
    async stop() {
      await pool.end();
      await database.drop();
      await anvil.stop();
      await redis.stop();
    },
  };
}

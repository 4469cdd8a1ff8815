import { spawn, type ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { vi } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { generateMnemonic, english } from 'viem/accounts';
import { startAnvil, type AnvilInstance } from '@meeet/contracts/anvil';
import { eq } from 'drizzle-orm';
import type { Ack, ClientToServerEvents, ServerToClientEvents } from '@meeet/core/api/realtime';
import { createDatabase, createPool, type Database } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import type { Chain } from '../src/modules/chain/chain.client.ts';
import { deployOnAnvil } from './chain.ts';
import { users } from '../src/modules/users/users.schema.ts';
import { PASSWORD, uniqueEmail } from './accounts.ts';
import { freePort } from './global-setup.ts';
import { createTestDatabase } from './helpers.ts';
import { startRedis, type TestRedis } from './redis.ts';

/**
 * Real server processes (the production entry, `src/server.ts`) on one PostgreSQL, a real
 * redis-server and anvil, for the tests that try the scale-out design from outside.
 */
export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
export const LEADER_RETRY_MS = 500;
const LEADER_ELECTED = 'leader elected: this process runs the workers';
export const FINGERPRINT = { 'x-fp': 'fp-two-processes' };

/** Resolves with `check`'s value once it holds, looked at every `everyMs`; fails after `timeoutMs`. */
export async function until<T>(
  check: () => T | Promise<T>,
  timeoutMs = 20_000,
  everyMs = 50,
): Promise<NonNullable<T>> {
  return (await vi.waitUntil(check, { timeout: timeoutMs, interval: everyMs })) as NonNullable<T>;
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

export interface Registered {
  token: string;
  user: { id: number };
}

/** A user on `server` who may raise a hand: complete profile, confirmed e-mail. */
export async function meetUserOn(
  db: Database,
  server: ServerProcess,
  name: string,
  fingerprint = FINGERPRINT['x-fp'],
): Promise<Registered> {
  const registered = await server.api<Registered>(
    'POST',
    '/user/register',
    { email: uniqueEmail(name), password: PASSWORD, acceptTerms: true },
    undefined,
    fingerprint,
  );
  await server.api(
    'POST',
    '/user/profile-update',
    {
      firstName: name,
      lastName: 'Twoprocesses',
      domain: `${name}${Date.now().toString(36)}`,
      gender: 1,
      bdate: '1990-05-17T00:00:00.000Z',
    },
    registered.token,
    fingerprint,
  );
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, registered.user.id));
  return registered;
}

/** Emits `event` and resolves with its acknowledgement; a refusal fails with its code. */
export async function ack<T extends object>(
  socket: ClientSocket,
  event: keyof ClientToServerEvents,
  payload: unknown,
): Promise<T> {
  const answer = (await (
    socket.timeout(10_000) as unknown as {
      emitWithAck: (e: string, p: unknown) => Promise<Ack<T>>;
    }
  ).emitWithAck(event, payload)) as Ack<T>;
  if (!answer.ok) throw new Error(`${event} refused: ${answer.code} ${answer.message}`);
  return answer;
}

/** Everything the processes share, and the processes themselves. */
export interface Stack {
  redis: TestRedis;
  anvil: AnvilInstance;
  chain: Chain;
  db: Database;
  /** The environment every process of the stack starts with (add PORT). */
  env: Record<string, string>;
  servers: ServerProcess[];
  /** Starts one more process of the stack on a free port (not yet ready). */
  spawn(name: string): Promise<ServerProcess>;
  close(): Promise<void>;
}

/**
 * Redis, anvil with the contracts deployed (as an operator would before pointing the servers
 * at an existing chain), a fresh migrated database, and `names.length` ready processes.
 */
export async function startStack(names: readonly string[], extraEnv: Record<string, string> = {}) {
  const redis = await startRedis();
  const anvil = await startAnvil({ port: 0 });
  const database = await createTestDatabase();
  const pool = createPool(database.url);
  await runMigrations(pool);
  const db = createDatabase(pool);
  const mnemonic = generateMnemonic(english);
  const chain = await deployOnAnvil(anvil, {
    db,
    mnemonic,
    log: (await import('fastify')).default({ logger: false }).log,
  });
  const env: Record<string, string> = {
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
  const servers: ServerProcess[] = [];
  const spawnOne = async (name: string) => {
    const port = await freePort();
    const server = new ServerProcess(name, `http://127.0.0.1:${port}`, {
      ...env,
      PORT: String(port),
    });
    servers.push(server);
    return server;
  };
  for (const name of names) await spawnOne(name);
  await Promise.all(servers.map((server) => server.ready()));
  const stack: Stack = {
    redis,
    anvil,
    chain,
    db,
    env,
    servers,
    spawn: spawnOne,
    close: async () => {
      await Promise.all(servers.map((server) => server.kill('SIGTERM')));
      await pool.end();
      await database.drop();
      await anvil.stop();
      await redis.stop();
    },
  };
  return stack;
}

/** What server processes share, without processes of its own (the test starts its own). */
export type SharedStack = Omit<Stack, 'servers' | 'spawn' | 'close'> & { stop(): Promise<void> };

/** Redis, anvil with the contracts and a fresh database, for a test that starts its processes. */
export async function startSharedStack(
  extraEnv: Record<string, string> = {},
): Promise<SharedStack> {
  const stack = await startStack([], extraEnv);
  return { ...stack, stop: () => stack.close() };
}

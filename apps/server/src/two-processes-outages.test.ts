import { and, eq, sql } from 'drizzle-orm';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthResponseSchema, readyResponseSchema } from '@meeet/core/api/health';
import type { ChatMessage } from '@meeet/core/api/meet';
import type { MapDiff } from '@meeet/core/api/realtime';
import { fundAddress } from './modules/wallet/wallet.service.ts';
import { chainTransactions } from './modules/wallet/wallet.schema.ts';
import {
  ack,
  meetUserOn,
  startStack,
  until,
  within,
  type ClientSocket,
  type ServerProcess,
  type Stack,
} from '../test/server-process.ts';

/** How long Redis stays away: the outage that used to shut every process down. */
const OUTAGE_MS = 10_000;
/** Everything works again this soon after Redis returns. */
const RECOVERY_MS = 10_000;
const HERE = { lat: 52.52, lon: 13.405 };

describe('two server processes through a Redis outage and a paused chain node', () => {
  let stack: Stack;
  let one: ServerProcess;
  let two: ServerProcess;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    stack = await startStack(['one', 'two']);
    [one, two] = stack.servers as [ServerProcess, ServerProcess];
  }, 90_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    stack?.anvil.signal('SIGCONT');
    await stack?.close();
  }, 30_000);

  const status = async (server: ServerProcess, path: string, token?: string) =>
    (
      await fetch(`${server.url}/api${path}`, {
        headers: token ? { authorization: `Bearer ${token}`, 'x-fp': 'fp-two-processes' } : {},
      })
    ).status;

  /** Neither process has exited, nor logged the shutdown an unhandled error starts. */
  const bothAlive = () => {
    for (const server of [one, two]) {
      expect(server.child.exitCode, `${server.name} exited`).toBeNull();
      expect(server.child.signalCode).toBeNull();
      expect(server.logs.map((line) => line.msg)).not.toContain(
        'shutting down after an unhandled error',
      );
    }
  };

  const deposits = async (userId: number) => {
    const [row] = await stack.db
      .select({ count: sql<number>`count(*)::int` })
      .from(chainTransactions)
      .where(and(eq(chainTransactions.userId, userId), eq(chainTransactions.type, 'INPUT')));
    return row?.count ?? 0;
  };

  const socketOn = async (server: ServerProcess, token: string) => {
    const socket = await server.socket(token);
    sockets.push(socket);
    return socket;
  };

  it('keeps serving through 10 s without Redis and works again within seconds of its return', async () => {
    await until(() => stack.servers.some((server) => server.elections() > 0));
    const follower = one.elections() > 0 ? two : one;

    // Before the outage: a conversation started on process one (the watcher saw the raiser's
    // hand), a wallet to deposit to, and a session on process two to log out.
    const raiser = await meetUserOn(stack.db, one, 'outraiser');
    const watcher = await meetUserOn(stack.db, one, 'outwatcher');
    const raiserOnOne = await socketOn(one, raiser.token);
    const watcherOnOne = await socketOn(one, watcher.token);
    const seen = new Promise<MapDiff>((resolve) =>
      watcherOnOne.on('map:diff', (diff) => {
        if (diff.upsert.some((hand) => hand.userId === raiser.user.id)) resolve(diff);
      }),
    );
    await ack(watcherOnOne, 'map:watch', { ...HERE, radiusM: 1000 });
    await ack(raiserOnOne, 'hand:raise', { mood: 'business' });
    await ack(raiserOnOne, 'position', { ...HERE, accuracy: 10, at: Date.now() });
    await within(seen, 'the watcher sees the raised hand');
    const send = (clientId: string, text: string) =>
      one.api<ChatMessage>(
        'POST',
        `/meet/conversations/${raiser.user.id}/messages`,
        { clientId, text },
        watcher.token,
      );
    await send('outage-0', 'before the outage');
    const wallet = await one.api<{ address: Address }>(
      'GET',
      '/crypto/wallet',
      undefined,
      raiser.token,
    );
    const leaver = await meetUserOn(stack.db, two, 'outleaver');

    // Redis goes away.
    await stack.redis.stop();
    const stoppedAt = Date.now();

    // A logout answers, and the session is gone on both processes.
    await two.api('POST', '/user/logout', undefined, leaver.token);
    expect(await status(one, '/user/me', leaver.token)).toBe(401);
    // A deposit is credited once by the leader's watcher.
    await fundAddress(stack.chain, wallet.address, { usdt: 5n * 10n ** 18n, bnb: 0n });
    await until(async () => (await deposits(raiser.user.id)) === 1, OUTAGE_MS);
    // A message is sent and reaches the recipient's socket on the same process.
    const delivered = new Promise<ChatMessage>((resolve) =>
      raiserOnOne.on('chat:message', (message) => {
        if (message.text === 'during the outage') resolve(message);
      }),
    );
    const sent = await send('outage-1', 'during the outage');
    expect(await within(delivered, 'the message during the outage')).toEqual(sent);
    // Not ready (Redis is configured, so it is needed), but alive and serving what needs no
    // Redis, for the whole outage.
    await until(async () => (await status(one, '/health/ready')) === 503, OUTAGE_MS);
    await until(async () => {
      bothAlive();
      for (const server of [one, two]) {
        expect(await status(server, '/health/live')).toBe(200);
        expect(await status(server, '/user/me', watcher.token)).toBe(200);
      }
      return Date.now() - stoppedAt >= OUTAGE_MS;
    }, OUTAGE_MS * 2);
    // The failed publishes were caught and logged as such.
    expect(
      [one, two].some((server) => server.logs.some((line) => line.msg === 'redis call failed')),
    ).toBe(true);

    // Redis returns, empty: both processes are ready again within seconds, by themselves.
    await stack.redis.restart();
    await until(async () => {
      const codes = await Promise.all([one, two].map((server) => status(server, '/health/ready')));
      return codes.every((code) => code === 200);
    }, RECOVERY_MS);
    const body = readyResponseSchema.parse(
      await (await fetch(`${one.url}/api/health/ready`)).json(),
    );
    expect(body.dependencies.redis?.status).toBe('up');

    // Events cross processes again: messages sent on the leader reach the recipient's socket
    // on the follower (the adapter's subscription comes back by itself, maybe a moment after
    // the readiness probe: the first ones may be lost), then a deposit's wallet event does.
    const leader = follower === one ? two : one;
    const onFollower = await socketOn(follower, raiser.token);
    const texts = new Set<string>();
    onFollower.on('chat:message', (message) => texts.add(message.text));
    let attempt = 0;
    await until(async () => {
      const text = `after the outage ${++attempt}`;
      await leader.api(
        'POST',
        `/meet/conversations/${raiser.user.id}/messages`,
        { clientId: `outage-after-${attempt}`, text },
        watcher.token,
      );
      return until(() => texts.has(text), 1_000).catch(() => false);
    }, RECOVERY_MS);
    const walletEvent = new Promise((resolve) =>
      onFollower.on('wallet', (event) => {
        if (event.type === 'INPUT') resolve(event);
      }),
    );
    await fundAddress(stack.chain, wallet.address, { usdt: 7n * 10n ** 18n, bnb: 0n });
    await within(walletEvent, 'a wallet event on the follower after the outage', RECOVERY_MS);
    expect(await deposits(raiser.user.id)).toBe(2);
    bothAlive();
  }, 90_000);

  it('stays ready with the chain node paused, and /api/health says the chain is down', async () => {
    const user = await meetUserOn(stack.db, one, 'outchain');
    stack.anvil.signal('SIGSTOP');
    try {
      for (const server of [one, two]) {
        const response = await fetch(`${server.url}/api/health`);
        expect(response.status).toBe(200);
        const health = healthResponseSchema.parse(await response.json());
        expect(health.chain?.state).toBe('down');
        expect(health.status).toBe('degraded');
        expect(await status(server, '/health/ready')).toBe(200);
        expect(await status(server, '/user/me', user.token)).toBe(200);
      }
    } finally {
      stack.anvil.signal('SIGCONT');
    }
    await until(async () => {
      const response = await fetch(`${one.url}/api/health`);
      return healthResponseSchema.parse(await response.json()).chain?.state === 'ok';
    }, RECOVERY_MS);
    bothAlive();
  }, 60_000);
});

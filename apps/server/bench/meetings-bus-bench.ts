/**
 * Pings carried to the meetings leader across processes (issue 12 leftovers): a follower's
 * `DetectorBus` offers each ping over Redis pub/sub to the leader's, which resolves the heard
 * token in the Redis store (`RedisMeetingsStore`), scores it in a `MeetingDetector` and
 * answers. Both ends run in this one process (one core), so the figure is the whole path's
 * cost on one core: BENCH_USERS users (default 20,000) with tokens in Redis, BENCH_INFLIGHT
 * pings in flight (default 256), for BENCH_SECONDS (default 10). A throwaway redis-server.
 *
 *   npm run bench:meetings-bus -w @meeet/server
 */
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { DetectorBus } from '../src/modules/meetings/detector-bus.ts';
import { MeetingDetector } from '../src/modules/meetings/detector.ts';
import { RedisMeetingsStore } from '../src/modules/meetings/meetings-store-redis.ts';
import { startRedis } from '../test/redis.ts';
import { defaultMeetingsConfig, percentile } from './bench-database.ts';

const USERS = Number(process.env.BENCH_USERS ?? 20_000);
const INFLIGHT = Number(process.env.BENCH_INFLIGHT ?? 256);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CITY = { lat: 52.52, lng: 13.405 };

interface Call {
  userId: number;
  ping: {
    t: number;
    lat: number;
    lng: number;
    accuracy: number;
    heard: { token: string; rssi: number }[];
  };
}

async function main(): Promise<void> {
  const redis = await startRedis();
  const log = Fastify({ logger: false }).log;
  const leaderClient = new Redis(redis.url, { lazyConnect: true });
  const followerClient = new Redis(redis.url, { lazyConnect: true });
  await Promise.all([leaderClient.connect(), followerClient.connect()]);
  const store = new RedisMeetingsStore(leaderClient, 'bench', 300_000);
  const detector = new MeetingDetector(defaultMeetingsConfig(), () => Date.now());
  const now = Date.now();
  const tokens: string[] = [];
  for (let i = 0; i < USERS; i += 500) {
    const batch = [];
    for (let j = i; j < Math.min(USERS, i + 500); j++) {
      batch.push(store.issueTokens(j + 1, `session-${j + 1}`, null, now));
      detector.setLevels(j + 1, [0]);
    }
    for (const issued of await Promise.all(batch)) tokens.push(issued[0]!.token);
  }
  // Every tenth user is in a Bluetooth meeting with the next one.
  for (let id = 1; id + 1 <= USERS; id += 10) {
    detector.start(id, 'ble', { userId: id }, { userId: id + 1 }, now);
  }

  const leader = new DetectorBus(leaderClient, { timeoutMs: 5_000, log });
  const follower = new DetectorBus(followerClient, { timeoutMs: 5_000, log });
  await Promise.all([leader.start(), follower.start()]);
  await leader.lead(async (raw) => {
    const { userId, ping } = raw as Call;
    const owners = await store.resolveTokens(
      ping.heard.map((h) => h.token),
      ping.t,
    );
    const { candidates } = detector.ping(userId, ping, null, (token) => owners.get(token));
    const meetingId = detector.meetingOf(userId);
    return { progress: meetingId === null ? null : detector.progress(meetingId), candidates };
  });

  const latencies: number[] = [];
  let done = 0;
  const until = performance.now() + SECONDS * 1000;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const worker = async () => {
    while (performance.now() < until) {
      const userId = 1 + Math.floor(Math.random() * USERS);
      const partner = userId % 10 === 1 ? userId + 1 : userId % 10 === 2 ? userId - 1 : userId;
      const call: Call = {
        userId,
        ping: {
          t: Date.now(),
          lat: CITY.lat + (userId % 1000) / 111_320,
          lng: CITY.lng + Math.floor(userId / 1000) / 68_000,
          accuracy: 8,
          heard: partner === userId ? [] : [{ token: tokens[partner - 1]!, rssi: -55 }],
        },
      };
      const t0 = performance.now();
      await follower.request(call);
      latencies.push(performance.now() - t0);
      done++;
    }
  };
  await Promise.all(Array.from({ length: INFLIGHT }, worker));
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  latencies.sort((a, b) => a - b);
  console.log(
    JSON.stringify(
      {
        users: USERS,
        inflight: INFLIGHT,
        seconds: Math.round(elapsed * 10) / 10,
        pingsPerSecond: Math.round(done / elapsed),
        p50Ms: Math.round(percentile(latencies, 50) * 10) / 10,
        p99Ms: Math.round(percentile(latencies, 99) * 10) / 10,
        nodeCpuPercent: Math.round(((cpu.user + cpu.system) / 1000 / (elapsed * 1000)) * 100),
      },
      null,
      2,
    ),
  );
  await Promise.all([leader.close(), follower.close()]);
  leaderClient.disconnect();
  followerClient.disconnect();
  await redis.stop();
}

await main();

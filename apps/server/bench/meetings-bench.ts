/**
 * The meeting detector's work per ping, on one core: BENCH_USERS users (default 100,000) spread
 * over a 10 × 10 km city, each with proximity tokens and a token level, BENCH_MEETING_SHARE of
 * them (default 5%) in Bluetooth meetings with a partner 2 m away. Then pings as the app sends
 * them (a small move, accuracy, the tokens heard: the partner's, or a neighbour's for the
 * others) for BENCH_SECONDS (default 10), in one thread. Reports pings per second with and
 * without the contract's zod parse, the detector's minute tick over every active meeting, and
 * the process's RSS. No database: a ping touches memory only (the database is written when a
 * meeting ends, a few times per 20 minutes per pair).
 *
 *   npm run bench:meetings -w @meeet/server
 */
import { meetingPingSchema } from '@meeet/core/api/meetings';
import type { NftType } from '@meeet/core/enums';
import { MeetingDetector, type Ping } from '../src/modules/meetings/detector.ts';
import { ProximityTokens } from '../src/modules/meetings/proximity-tokens.ts';
import { defaultMeetingsConfig, percentile } from './bench-database.ts';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const MEETING_SHARE = Number(process.env.BENCH_MEETING_SHARE ?? 0.05);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CITY = { lat: 52.52, lng: 13.405 };
const M_PER_DEG_LAT = 111_320;
const M_PER_DEG_LNG = 111_320 * Math.cos((CITY.lat * Math.PI) / 180);
const CITY_M = 10_000;

function mb(bytes: number): string {
  return `${Math.round(bytes / 1024 / 1024)} MB`;
}

function main(): void {
  let now = Date.now();
  const tokens = new ProximityTokens('bench-secret', 300_000);
  const detector = new MeetingDetector(
    defaultMeetingsConfig(),
    () => now,
    (token, at) => tokens.resolve(token, at),
  );
  const rssBefore = process.memoryUsage().rss;
  const setupStarted = performance.now();

  // Users: a position, a level set and the current token of their session.
  const east = new Float64Array(USERS);
  const north = new Float64Array(USERS);
  const token: string[] = new Array<string>(USERS);
  const partner = new Int32Array(USERS).fill(-1);
  for (let i = 0; i < USERS; i++) {
    const id = i + 1;
    east[i] = Math.random() * CITY_M;
    north[i] = Math.random() * CITY_M;
    token[i] = tokens.issue(id, `session-${id}`, `device-${id}`, now)[0]!.token;
    const levels: NftType[] = i % 3 === 0 ? [0] : i % 3 === 1 ? [0, 1] : [2];
    detector.setLevels(id, levels);
  }
  // Pairs in meetings stand 2 m apart.
  const meetingUsers = Math.floor((USERS * MEETING_SHARE) / 2) * 2;
  for (let i = 0; i < meetingUsers; i += 2) {
    east[i + 1] = east[i]! + 2;
    north[i + 1] = north[i]!;
    partner[i] = i + 1;
    partner[i + 1] = i;
    detector.start(i / 2 + 1, 'ble', { userId: i + 1 }, { userId: i + 2 }, now);
  }
  const pingOf = (i: number): Ping => {
    east[i]! += Math.random() - 0.5;
    north[i]! += Math.random() - 0.5;
    const other = partner[i]! >= 0 ? partner[i]! : (i + 7) % USERS;
    return {
      t: Math.round(now),
      lat: CITY.lat + north[i]! / M_PER_DEG_LAT,
      lng: CITY.lng + east[i]! / M_PER_DEG_LNG,
      accuracy: 8,
      speed: 0.5,
      simulated: false,
      heard: [{ token: token[other]!, rssi: partner[i]! >= 0 ? -50 : -80 }],
    };
  };
  // Every user pings once, so every one is in the cell index.
  for (let i = 0; i < USERS; i++) detector.ping(i + 1, pingOf(i), `device-${i + 1}`);
  const setupMs = performance.now() - setupStarted;
  global.gc?.();
  const rssSetUp = process.memoryUsage().rss;

  function run(label: string, withParse: boolean): number {
    let pings = 0;
    const latencies: number[] = [];
    const started = performance.now();
    const until = started + SECONDS * 1000;
    let i = 0;
    while (performance.now() < until) {
      for (let batch = 0; batch < 1000; batch++) {
        i = (i + 7919) % USERS;
        // The played clock: 100k users pinging every 15 s is 6,700 pings per real second.
        now += 15_000 / USERS;
        const raw = pingOf(i);
        const t0 = batch === 0 ? performance.now() : 0;
        // Parsed as the service takes it: the contract's `lon` mapped to the detector's `lng`.
        const parsed = withParse ? meetingPingSchema.parse({ ...raw, lon: raw.lng }) : null;
        const ping: Ping = parsed ? { ...parsed, lng: parsed.lon } : raw;
        detector.ping(i + 1, ping, `device-${i + 1}`);
        if (batch === 0) latencies.push(performance.now() - t0);
        pings++;
      }
    }
    const seconds = (performance.now() - started) / 1000;
    const rate = pings / seconds;
    console.log(
      `${label.padEnd(30)} ${Math.round(rate).toLocaleString('en')} pings/s ` +
        `(p99 ${percentile(latencies, 99).toFixed(3)} ms per ping, ${pings.toLocaleString('en')} pings)`,
    );
    return rate;
  }

  console.log(
    `${USERS.toLocaleString('en')} users, ${(meetingUsers / 2).toLocaleString('en')} active ` +
      `Bluetooth meetings; set up in ${Math.round(setupMs)} ms`,
  );
  const bare = run('detector', false);
  const parsed = run('detector + zod parse', true);
  const tickStarted = performance.now();
  const events = detector.tick();
  const tickMs = performance.now() - tickStarted;
  global.gc?.();
  const rssAfter = process.memoryUsage().rss;
  const heap = process.memoryUsage().heapUsed;
  console.log(
    `tick over ${detector.activeCount.toLocaleString('en')} active meetings: ${tickMs.toFixed(1)} ms ` +
      `(${events.length} ended)`,
  );
  console.log(
    `RSS: ${mb(rssBefore)} before, ${mb(rssSetUp)} with the users set up, ${mb(rssAfter)} after ` +
      `(heap in use ${mb(heap)}${global.gc ? ', after a full GC' : '; run with --expose-gc to settle'})`,
  );
  console.log(
    `need at 100k users pinging every 15 s: ${Math.round(USERS / 15).toLocaleString('en')} pings/s; ` +
      `headroom ×${(Math.min(bare, parsed) / (USERS / 15)).toFixed(1)}`,
  );
}

main();

/**
 * The map service alone, without sockets or a database: 5,000 hands in one city (as in
 * `bench:meet`), each watching 1 km around itself and sending a position every second, for
 * a fixed run of simulated seconds on a fake clock. Prints the CPU per simulated second of
 * positions, fan-out and diffs, which is deterministic enough to compare two versions of
 * map.service.ts (the socket benchmark swings by a fifth from run to run on a shared machine).
 *
 *   npm run bench:map -w @meeet/server   (BENCH_CLIENTS=5000 BENCH_SECONDS=20)
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { loadConfig } from '../src/config.ts';
import type { UserRow } from '../src/modules/users/users.service.ts';
import { MapService } from '../src/modules/meet/map.service.ts';
import { InProcessPresenceStore } from '../src/modules/meet/presence-store.ts';
import { CITY_RADIUS_M, latLonOf, SPEED_MS, WATCH_RADIUS_M } from './meet-city.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 5000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARMUP_SECONDS = 5;
/** Steps of the fake clock per simulated second: each one takes its share of the positions. */
const STEPS = 100;

const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256',
}).meet;

const clock = { now: Date.UTC(2026, 10, 26, 12) };
let diffs = 0;
let diffBytes = 0;
const map = new MapService({
  store: new InProcessPresenceStore(),
  config,
  secret: 'bench',
  blocks: { isBlocked: () => false, prepare: async () => {}, reload: async () => {} },
  isBanned: async () => false,
  card: async (user) => ({
    userId: user.id,
    nickname: `user${user.id}`,
    firstName: 'Bench',
    avatar: `/media/avatars/${user.id}.webp`,
    verified: user.id % 3 === 0,
    levels: [],
  }),
  dropped: () => {},
  now: () => clock.now,
  tickMs: 1000,
});
// The wheel is turned by hand below, on the fake clock: the service's own real-time ticker
// would turn it a few more times per simulated second while the bench yields.
map.close();

interface Phone {
  id: number;
  east: number;
  north: number;
  heading: number;
}

let seed = 42;
function random(): number {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
}

const phones: Phone[] = [];
for (let id = 1; id <= CLIENTS; id++) {
  const r = CITY_RADIUS_M * Math.sqrt(random());
  const angle = random() * 2 * Math.PI;
  phones.push({ id, east: r * Math.cos(angle), north: r * Math.sin(angle), heading: angle });
}

const user = (id: number) =>
  ({
    id,
    emailVerified: true,
    firstName: 'Bench',
    lastName: 'User',
    domain: `u${id}`,
    gender: 1,
    bdate: new Date('1990-01-01'),
    nickname: `user${id}`,
  }) as unknown as UserRow;

for (const phone of phones) {
  map.connected(phone.id);
  await map.raise(user(phone.id), 'just_chat');
  await map.position(phone.id, { ...latLonOf(phone), accuracy: 10, at: clock.now });
}
const DIFF_HEAD = Buffer.from('42["map:diff",');
const DIFF_TAIL = Buffer.from(']');
for (const phone of phones) {
  await map.watch(
    `s${phone.id}`,
    phone.id,
    { ...latLonOf(phone), radiusM: WATCH_RADIUS_M },
    (diff) => {
      diffs++;
      // Framed as the socket sends it, so the encoding counts in the map's time as it did.
      diffBytes += diff.framed(DIFF_HEAD, DIFF_TAIL).length;
    },
  );
}

// The first beats of the run come a second after the setup's.
clock.now += 1000;
const index = (map as unknown as { index: { turnWheel(): void } }).index;
const turnWheel = index.turnWheel.bind(index);
async function second(): Promise<void> {
  const perStep = phones.length / STEPS;
  for (let step = 0; step < STEPS; step++) {
    clock.now += 1000 / STEPS;
    for (let i = Math.floor(step * perStep); i < Math.floor((step + 1) * perStep); i++) {
      const phone = phones[i]!;
      phone.heading += (random() - 0.5) * 0.6;
      phone.east += SPEED_MS * Math.cos(phone.heading);
      phone.north += SPEED_MS * Math.sin(phone.heading);
      if (Math.hypot(phone.east, phone.north) > CITY_RADIUS_M) phone.heading += Math.PI;
      await map.position(
        phone.id,
        { ...latLonOf(phone), accuracy: 10, at: clock.now },
        `s${phone.id}`,
      );
    }
    // 20 turns a second, as the ticker would.
    if (step % (STEPS / 20) === 0) turnWheel();
    await new Promise((resolve) => setImmediate(resolve));
  }
}

for (let s = 0; s < WARMUP_SECONDS; s++) await second();
diffs = 0;
diffBytes = 0;
/** BENCH_PROFILE=<file>: a CPU profile of the measured seconds only. */
const profileFile = process.env.BENCH_PROFILE;
const inspector = profileFile ? new Session() : undefined;
if (inspector) {
  inspector.connect();
  await inspector.post('Profiler.enable');
  await inspector.post('Profiler.start');
}
const cpuStart = process.cpuUsage();
const wallStart = performance.now();
for (let s = 0; s < SECONDS; s++) await second();
const cpu = process.cpuUsage(cpuStart);
const wall = performance.now() - wallStart;
map.close();
if (inspector && profileFile) {
  const { profile } = await inspector.post('Profiler.stop');
  writeFileSync(profileFile, JSON.stringify(profile));
}
console.log(
  `${CLIENTS} hands, ${SECONDS} simulated s: ${((cpu.user + cpu.system) / 1000 / SECONDS).toFixed(1)} ms CPU per simulated second (wall ${(wall / SECONDS).toFixed(1)} ms), ${(diffs / SECONDS).toFixed(0)} diffs/s, ${(diffBytes / diffs).toFixed(0)} bytes per diff`,
);

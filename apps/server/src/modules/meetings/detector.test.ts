import { describe, expect, it } from 'vitest';
import {
  MeetingDetector,
  impliedSpeed,
  vetoDistanceM,
  type DetectorConfig,
  type DetectorEvent,
  type Heard,
  type MeetingMethod,
} from './detector.ts';

// Recorded walks: two phones pinging every 15 s (as the app does with the screen on), with
// GPS noise from a seeded generator, so every run sees the same walk.

const CONFIG: DetectorConfig = {
  minuteMs: 60_000,
  windowMinutes: 20,
  minMinutes: 17,
  maxGapMinutes: 3,
  baseDistanceM: 5,
  maxDistanceM: 40,
  maxAttenuationDb: 60,
  defaultTxPowerDbm: 0,
  maxSpeedMps: 50,
};

const START = Date.parse('2026-06-01T12:00:00Z');
const ORIGIN = { lat: 55.7558, lng: 37.6173 };
const M_PER_DEG_LAT = 111_320;
const M_PER_DEG_LNG = 111_320 * Math.cos((ORIGIN.lat * Math.PI) / 180);
const A = 1;
const B = 2;
const TOKEN = { [A]: 'a'.repeat(32), [B]: 'b'.repeat(32) } as Record<number, string>;

/** Mulberry32: small, seeded, good enough for GPS noise. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A point `east`/`north` metres from the origin. */
function at(east: number, north: number) {
  return { lat: ORIGIN.lat + north / M_PER_DEG_LAT, lng: ORIGIN.lng + east / M_PER_DEG_LNG };
}

/** One person's true path: metres east/north of the origin at `s` seconds. */
type Path = (s: number) => { east: number; north: number };

interface Walker {
  userId: number;
  path: Path;
  /** Reported accuracy (m); the noise is drawn within it. */
  accuracy: number;
  simulated?: boolean;
  device?: string;
}

interface WalkOptions {
  method: MeetingMethod;
  minutes: number;
  walkers: [Walker, Walker];
  /** RSSI heard at a distance (dBm); default: a log-distance model, -45 dBm at 1 m (60 dB ≈ 5.6 m). */
  rssiAt?: (metres: number) => number;
  seed?: number;
  /** Overrides a walker's reported fix (teleports, copied fixes). */
  tamper?: (
    userId: number,
    s: number,
    fix: { lat: number; lng: number },
  ) => { lat: number; lng: number };
  endHandshakeAtMinute?: number;
}

function defaultRssi(metres: number): number {
  return Math.round(-45 - 20 * Math.log10(Math.max(1, metres)));
}

/** Plays a walk through a detector with a fake clock; returns every event in order. */
function walk(options: WalkOptions) {
  let now = START;
  const detector = new MeetingDetector(
    CONFIG,
    () => now,
    (token) => (token === TOKEN[A] ? A : token === TOKEN[B] ? B : undefined),
  );
  detector.setLevels(A, [0]);
  detector.setLevels(B, [0]);
  const noise = random(options.seed ?? 7);
  const [wa, wb] = options.walkers;
  detector.start(1, options.method, { userId: A }, { userId: B }, START);
  const events: DetectorEvent[] = [];
  const candidates = new Set<number>();
  const rssiAt = options.rssiAt ?? defaultRssi;
  for (let s = 0; s <= options.minutes * 60; s += 15) {
    now = START + s * 1000;
    if (options.endHandshakeAtMinute !== undefined && s === options.endHandshakeAtMinute * 60) {
      const ended = detector.end(1);
      if (ended) events.push(ended);
    }
    for (const [self, other] of [
      [wa, wb],
      [wb, wa],
    ] as const) {
      const p = self.path(s);
      const q = other.path(s);
      const trueDistance = Math.hypot(p.east - q.east, p.north - q.north);
      const angle = noise() * 2 * Math.PI;
      const error = noise() * self.accuracy;
      let fix = at(p.east + Math.cos(angle) * error, p.north + Math.sin(angle) * error);
      if (options.tamper) fix = options.tamper(self.userId, s, fix);
      const heard: Heard[] =
        options.method === 'ble' && trueDistance < 60
          ? [
              {
                token: TOKEN[other.userId]!,
                rssi: rssiAt(trueDistance) + Math.round(noise() * 4 - 2),
              },
            ]
          : [];
      const result = detector.ping(
        self.userId,
        { t: now, ...fix, accuracy: self.accuracy, simulated: self.simulated ?? false, heard },
        self.device ?? null,
      );
      events.push(...result.events);
      for (const c of result.candidates) candidates.add(c);
    }
    events.push(...detector.tick());
  }
  const final = events.find((e) => e.type !== 'progress');
  return { events, final, candidates, detector };
}

const together =
  (offsetEast: number): Path =>
  (s) => ({ east: 1.4 * s + offsetEast, north: 0 });

describe('the meeting detector on recorded walks', () => {
  it('two people walking together over Bluetooth: completes after 17 counted minutes', () => {
    const { final, events } = walk({
      method: 'ble',
      minutes: 25,
      walkers: [
        { userId: A, path: together(0), accuracy: 10 },
        { userId: B, path: together(2), accuracy: 10 },
      ],
    });
    expect(final).toMatchObject({ type: 'completed', meetingId: 1 });
    expect(final && 'minutesCounted' in final && final.minutesCounted).toBeGreaterThanOrEqual(17);
    const progress = events.filter((e) => e.type === 'progress');
    expect(progress.length).toBeGreaterThanOrEqual(17);
    // Completed once, at about the 17th minute, not at the end of the walk.
    expect(events.filter((e) => e.type === 'completed')).toHaveLength(1);
  });

  it('two people passing each other: near for a moment, then the gap ends the meeting', () => {
    // They pass at the moment of the handshake, walking on in opposite directions.
    const { final, candidates } = walk({
      method: 'ble',
      minutes: 25,
      walkers: [
        { userId: A, path: (s) => ({ east: -2 + 1.4 * s, north: 0 }), accuracy: 8 },
        { userId: B, path: (s) => ({ east: 2 - 1.4 * s, north: 1 }), accuracy: 8 },
      ],
    });
    expect(final).toMatchObject({ type: 'failed', reason: 'gap-too-long', minutesCounted: 1 });
    // While near, B found A as a candidate (shared Silver, heard near, neighbouring cells).
    expect(candidates.has(A)).toBe(true);
  });

  it('sitting 30 m apart with bad GPS: the GPS veto passes but the phones do not hear near', () => {
    const { final, events } = walk({
      method: 'ble',
      minutes: 10,
      walkers: [
        { userId: A, path: () => ({ east: 0, north: 0 }), accuracy: 25 },
        { userId: B, path: () => ({ east: 30, north: 0 }), accuracy: 25 },
      ],
    });
    // 5 + 2·√(25² + 25²) ≈ 76 m, capped at 40 m: GPS alone would have let 30 m pass.
    expect(vetoDistanceM(CONFIG, 25, 25)).toBe(40);
    expect(events.filter((e) => e.type === 'progress')).toHaveLength(0);
    expect(final).toMatchObject({ type: 'failed', reason: 'gap-too-long', minutesCounted: 0 });
  });

  it('sitting 30 m apart with good GPS after a code handshake: the GPS veto refuses every minute', () => {
    const { final } = walk({
      method: 'code',
      minutes: 10,
      walkers: [
        { userId: A, path: () => ({ east: 0, north: 0 }), accuracy: 5 },
        { userId: B, path: () => ({ east: 30, north: 0 }), accuracy: 5 },
      ],
    });
    expect(vetoDistanceM(CONFIG, 5, 5)).toBeCloseTo(19.1, 1);
    expect(final).toMatchObject({ type: 'failed', reason: 'gap-too-long', minutesCounted: 0 });
  });

  it('one phone carrying two accounts: the same device voids the meeting', () => {
    const { final } = walk({
      method: 'ble',
      minutes: 5,
      walkers: [
        { userId: A, path: together(0), accuracy: 10, device: 'phone-1' },
        { userId: B, path: together(0), accuracy: 10, device: 'phone-1' },
      ],
    });
    expect(final).toMatchObject({ type: 'failed', reason: 'same-device' });
  });

  it('one phone carrying two accounts under different device keys: identical fixes give it away', () => {
    const { final } = walk({
      method: 'code',
      minutes: 5,
      walkers: [
        { userId: A, path: together(0), accuracy: 10, device: 'fp-a' },
        { userId: B, path: together(0), accuracy: 10, device: 'fp-b' },
      ],
      // The one phone's fix is reported for both accounts.
      tamper: (_user, s) => at(1.4 * s, 0),
    });
    expect(final).toMatchObject({ type: 'failed', reason: 'same-device' });
  });

  it('a teleport: a fix 5 km away 15 s later voids the run', () => {
    const { final } = walk({
      method: 'ble',
      minutes: 25,
      walkers: [
        { userId: A, path: together(0), accuracy: 10 },
        { userId: B, path: together(2), accuracy: 10 },
      ],
      tamper: (user, s, fix) => (user === B && s >= 600 ? at(5000 + 1.4 * s, 0) : fix),
    });
    expect(
      impliedSpeed(
        { t: 0, ...at(0, 0), accuracy: 10 },
        { t: 15_000, ...at(5000, 0), accuracy: 10 },
      ),
    ).toBeGreaterThan(300);
    expect(final).toMatchObject({ type: 'failed', reason: 'implausible-speed' });
  });

  it('fixes the OS marks simulated are never counted', () => {
    const { final, events } = walk({
      method: 'ble',
      minutes: 10,
      walkers: [
        { userId: A, path: together(0), accuracy: 10, simulated: true },
        { userId: B, path: together(2), accuracy: 10 },
      ],
    });
    expect(events.filter((e) => e.type === 'progress')).toHaveLength(0);
    expect(final).toMatchObject({ type: 'failed', reason: 'gap-too-long' });
  });

  it('a code/QR meeting completes only at its end handshake, after enough minutes', () => {
    const early = walk({
      method: 'code',
      minutes: 12,
      endHandshakeAtMinute: 10,
      walkers: [
        { userId: A, path: together(0), accuracy: 5 },
        { userId: B, path: together(1), accuracy: 5 },
      ],
    });
    expect(early.final).toMatchObject({ type: 'failed', reason: 'ended-early' });

    const full = walk({
      method: 'code',
      minutes: 21,
      endHandshakeAtMinute: 21,
      walkers: [
        { userId: A, path: together(0), accuracy: 5 },
        { userId: B, path: together(1), accuracy: 5 },
      ],
    });
    expect(full.final).toMatchObject({ type: 'completed' });
    expect(full.events.filter((e) => e.type === 'completed')).toHaveLength(1);
  });

  it('parting for five minutes in the middle: the gap over three minutes ends it', () => {
    const apart = (s: number) => s >= 300 && s < 600;
    const { final } = walk({
      method: 'ble',
      minutes: 25,
      walkers: [
        { userId: A, path: (s) => ({ east: 1.4 * s, north: 0 }), accuracy: 8 },
        { userId: B, path: (s) => ({ east: 1.4 * s, north: apart(s) ? 400 : 2 }), accuracy: 8 },
      ],
    });
    expect(final).toMatchObject({ type: 'failed', reason: 'gap-too-long' });
  });

  it('short gaps of up to three minutes are tolerated', () => {
    // Out of earshot (a weak signal) for minutes 5-7 and 12-13: 5 of 25 minutes lost.
    const weak = (s: number) => (s >= 300 && s < 480) || (s >= 720 && s < 840);
    let clockS = 0;
    const { final } = walk({
      method: 'ble',
      minutes: 26,
      walkers: [
        { userId: A, path: (s) => ((clockS = s), { east: 1.4 * s, north: 0 }), accuracy: 8 },
        { userId: B, path: together(2), accuracy: 8 },
      ],
      rssiAt: (m) => (weak(clockS) ? -90 : defaultRssi(m)),
    });
    expect(final).toMatchObject({ type: 'completed' });
  });

  it('candidates are the holders of a shared level heard near, wherever anyone claims to be', () => {
    let now = START;
    const tokens: Record<string, number> = {
      ['c'.repeat(32)]: 3,
      ['d'.repeat(32)]: 4,
      ['e'.repeat(32)]: 5,
      ['f'.repeat(32)]: 6,
    };
    const detector = new MeetingDetector(
      CONFIG,
      () => now,
      (t) => tokens[t],
    );
    detector.setLevels(A, [0, 1]);
    detector.setLevels(3, [1]); // shares Gold
    detector.setLevels(4, [2]); // Platinum only
    detector.setLevels(5, [0]); // shares Silver, 500 m away by GPS: the veto comes in the minutes
    detector.setLevels(6, [1]); // shares Gold, heard only faintly
    const ping = (userId: number, east: number) =>
      detector.ping(userId, { t: now, ...at(east, 0), accuracy: 5 });
    ping(3, 10);
    ping(4, 10);
    ping(5, 500);
    ping(6, 10);
    const heard = [
      { token: 'c'.repeat(32), rssi: -50 },
      { token: 'd'.repeat(32), rssi: -50 },
      { token: 'e'.repeat(32), rssi: -50 },
      { token: 'f'.repeat(32), rssi: -95 },
    ];
    // The prober pings from chosen points around the others: the answer never changes with
    // them, so it cannot tell where anyone is (the old resolution-11 test located a user to 8 m).
    const answers = new Set<string>();
    for (let east = -1000; east <= 1000; east += 25) {
      now += 1000;
      const { candidates } = detector.ping(A, { t: now, ...at(east, 0), accuracy: 5, heard });
      answers.add(JSON.stringify(candidates));
    }
    expect([...answers]).toEqual([JSON.stringify([3, 5])]);
  });

  it('a meeting resumed with the minutes it counted goes on; resumed without them, the gap ends it', () => {
    let now = START;
    const resolve = (token: string) =>
      token === TOKEN[A] ? A : token === TOKEN[B] ? B : undefined;
    const side = (detector: MeetingDetector, minutes: number) => {
      const events: DetectorEvent[] = [];
      for (let s = 0; s < minutes * 60; s += 15) {
        now += 15_000;
        for (const [self, other, east] of [
          [A, B, 0],
          [B, A, 2],
        ] as const) {
          const heard = [{ token: TOKEN[other]!, rssi: -50 }];
          // The heard tokens resolved by the caller (a shared store), not the constructor's.
          events.push(
            ...detector.ping(self, { t: now, ...at(east, 0), accuracy: 5, heard }, null, resolve)
              .events,
          );
        }
        events.push(...detector.tick());
      }
      return events;
    };
    const first = new MeetingDetector(CONFIG, () => now);
    first.start(1, 'ble', { userId: A }, { userId: B }, START);
    expect(side(first, 10).filter((e) => e.type !== 'progress')).toEqual([]);
    const counted = first.countedMinutes(1);
    expect(counted).toHaveLength(11);
    expect(counted).toEqual([...counted].sort((x, y) => x - y));

    // Another process takes over: with the minutes it completes within 8 more, as if nothing
    // had happened.
    const second = new MeetingDetector(CONFIG, () => now);
    second.start(1, 'ble', { userId: A }, { userId: B }, START, counted);
    const resumed = side(second, 8).find((e) => e.type !== 'progress');
    expect(resumed).toMatchObject({ type: 'completed', meetingId: 1 });

    // Without them, the ten empty minutes are a gap too long.
    now = START + 10 * 60_000;
    const blank = new MeetingDetector(CONFIG, () => now);
    blank.start(1, 'ble', { userId: A }, { userId: B }, START);
    expect(blank.tick()).toEqual([
      { type: 'failed', meetingId: 1, reason: 'gap-too-long', minutesCounted: 0 },
    ]);
  });
});

/**
 * The speed of this machine at the moment, as a fixed piece of work timed on the calling thread:
 * the 5,000-client figures swing with the host's other load (the same code's loop at 0.74 and at
 * 0.99 within minutes, docs/benchmarks.md), and a run's probe says which phase it ran in. The
 * work is the kind the server does (small objects, JSON, maps of them).
 */
import { percentile } from './bench-database.ts';

/** Untimed rounds first, while the work is compiled. */
const WARMUP_ROUNDS = 3;

/** One round: `passes` times, `hands` hands made, through JSON and back, into a map, read. */
function round(hands: number, passes: number): number {
  const started = performance.now();
  let checksum = 0;
  for (let pass = 0; pass < passes; pass++) {
    const made = Array.from({ length: hands }, (_, i) => ({
      userId: i + pass,
      nickname: `neighbour-${i}`,
      cell: (0x8_a119_b2da_417f + i * 7).toString(16),
      mood: i % 3 === 0 ? 'romantic' : 'just_chat',
      distanceM: (i % 50) * 100,
    }));
    const byId = new Map(
      (JSON.parse(JSON.stringify(made)) as typeof made).map((h) => [h.userId, h]),
    );
    for (let i = 0; i < hands; i += 3) checksum += byId.get(i + pass)?.distanceM ?? 0;
  }
  // Keeps the work from being optimised away.
  if (checksum < 0) console.log(checksum);
  return performance.now() - started;
}

/**
 * The median of seven rounds of 12 × 2,000 hands (ms; about 38 when the machine is quick), with
 * nothing else of the benchmark running: before the phones start, and after they stop.
 */
export function machineProbeMs(): number {
  const times: number[] = [];
  for (let n = 0; n < WARMUP_ROUNDS + 7; n++) {
    const ms = round(2_000, 12);
    if (n >= WARMUP_ROUNDS) times.push(ms);
  }
  return percentile(times, 50);
}

/**
 * One round of 200 hands (ms; about 0.3 when the machine is quick), small enough to take twice a
 * second on a loaded server's thread: what the machine gave the server while it was measured.
 */
export function machineProbeSliceMs(): number {
  return round(200, 1);
}

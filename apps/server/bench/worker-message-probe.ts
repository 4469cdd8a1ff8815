/**
 * What handing the map's work to a worker thread would cost the main thread (docs/decisions.md,
 * "the map's index in a worker thread"): each position a message to the worker and an answer
 * back, a third of the answers carrying a diff of about 900 bytes, as at 5,000 phones. The main
 * thread's share is what counts, since the worker runs on the other CPU: its event loop's
 * utilisation while messages flow at a steady rate, and the time from a post to its answer.
 * Positions and answers go one by one, or gathered per turn of the sending loop (one message
 * carries all a turn has); the first line is the same loop building the positions without
 * posting them, the probe's own share to subtract. Waking a sleeping thread on the other CPU
 * costs the waker a system call, which on these machines is dear (see `bench:loopback`).
 *
 *   npm run bench:worker-messages -w @meeet/server   (PROBE_RATE=5000 PROBE_SECONDS=5)
 */
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';

const RATE = Number(process.env.PROBE_RATE ?? 5000);
const SECONDS = Number(process.env.PROBE_SECONDS ?? 5);
const DIFF = JSON.stringify({
  upsert: Array.from({ length: 4 }, (_, n) => ({
    userId: 1000 + n,
    nickname: `user${n}`,
    firstName: 'Bench',
    avatar: `/media/avatars/${n}.webp`,
    mood: 'just_chat',
    verified: n % 2 === 0,
    levels: [],
    lat: 55.7512,
    lon: 37.6184,
    distanceM: 420,
    ring: 3,
  })),
  left: [2001],
});

/**
 * The worker's side, as plain JavaScript (a worker thread does not inherit tsx's loader on
 * Node 20): an answer per position, a third of them with the diff.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { batched, diff } = workerData;
let pending = [];
const flush = () => {
  parentPort.postMessage(pending);
  pending = [];
};
parentPort.on('message', (positions) => {
  for (const position of positions) {
    const answer = position.id % 3 === 0 ? { id: position.id, diff } : { id: position.id };
    if (!batched) parentPort.postMessage([answer]);
    else {
      if (pending.length === 0) setImmediate(flush);
      pending.push(answer);
    }
  }
});
`;

interface Position {
  id: number;
  userId: number;
  socketId: string;
  lat: number;
  lon: number;
  accuracy: number;
  at: number;
}
interface Answer {
  id: number;
  diff?: string;
}

const baseline = await probe('none', 0);
for (const mode of ['one by one', 'gathered per turn'] as const) {
  await probe(mode, baseline);
}

/** The main thread's loop utilisation with `mode`; printed against the baseline's. */
async function probe(
  mode: 'none' | 'one by one' | 'gathered per turn',
  baseline: number,
): Promise<number> {
  const batched = mode === 'gathered per turn';
  const worker = new Worker(WORKER, { eval: true, workerData: { batched, diff: DIFF } });
  const sentAt = new Map<number, number>();
  const latencies: number[] = [];
  let answered = 0;
  worker.on('message', (answers: Answer[]) => {
    const now = performance.now();
    for (const answer of answers) {
      latencies.push(now - (sentAt.get(answer.id) ?? now));
      sentAt.delete(answer.id);
      answered++;
    }
  });
  await new Promise((resolve) => worker.once('online', resolve));
  const elu = performance.eventLoopUtilization();
  let outgoing: Position[] = [];
  const post = () => {
    worker.postMessage(outgoing);
    outgoing = [];
  };
  const start = performance.now();
  let id = 0;
  // Posts spread over each millisecond's share of the rate, as sockets' reads come.
  while (performance.now() - start < SECONDS * 1000) {
    const due = Math.floor(((performance.now() - start) / 1000) * RATE);
    for (; id < due; id++) {
      const position: Position = {
        id,
        userId: id % 5000,
        socketId: `s${id % 5000}-Xz8kLm2Qp`,
        lat: 55.75 + (id % 100) / 10_000,
        lon: 37.62,
        accuracy: 10,
        at: Date.now(),
      };
      if (mode === 'none') continue;
      sentAt.set(id, performance.now());
      if (!batched) worker.postMessage([position]);
      else {
        if (outgoing.length === 0) setImmediate(post);
        outgoing.push(position);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  while (mode !== 'none' && answered < id) await new Promise((resolve) => setTimeout(resolve, 5));
  const used = performance.eventLoopUtilization(elu).utilization;
  await worker.terminate();
  latencies.sort((a, b) => a - b);
  const at = (p: number) => (latencies[Math.floor((latencies.length - 1) * p)] ?? 0).toFixed(2);
  if (mode === 'none') {
    console.log(`positions built, not posted: main thread utilisation ${used.toFixed(3)}`);
  } else {
    const each = ((used - baseline) * 1e6) / RATE;
    console.log(
      `messages ${mode}: ${id} positions at ${RATE}/s, main thread utilisation ${used.toFixed(3)}, ${each.toFixed(1)} µs a position more; answer after p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`,
    );
  }
  return used;
}

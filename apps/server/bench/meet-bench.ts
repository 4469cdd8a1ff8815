/**
 * The meet service under load in one server process: a throwaway embedded PostgreSQL, the real
 * app, and simulated phones (the Socket.IO wire protocol on `ws`, see wire-socket.ts) in two
 * other processes. In one city every phone raises a hand, sends a position every second (moving
 * at ~5 m/s, so it changes cell now and then) and watches 1 km around itself; a quarter of them,
 * in a process of their own (see `SPLIT`), send a chat message every 10 s to another chatting
 * phone they see (the same one, but every fifth message starts a conversation). Prints, per
 * client count: sustained clients, event-loop lag p99 of the server, position-to-map update p95,
 * chat delivery p95, server RSS and CPU. PostgreSQL and the phones keep to the last CPU
 * (BENCH_PIN=0 to let them roam; see `pinToCpu`).
 *
 *   npm run bench:meet -w @meeet/server   (BENCH_CLIENTS=1000,2000,5000  BENCH_SECONDS=20)
 */
import { fork } from 'node:child_process';
import { Agent, request } from 'node:http';
import { cpus, setPriority } from 'node:os';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { writeHeapSnapshot } from 'node:v8';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Ack, MapDiff, MapSnapshot } from '@meeet/core/api/realtime';
import type { ChatMessage } from '@meeet/core/api/meet';
import { buildApp } from '../src/app.ts';
import { users, type UserRow } from '../src/modules/users/users.schema.ts';
import {
  LAG_RESOLUTION_MS,
  lagMs,
  percentile,
  pinThreadsApart,
  pinToCpu,
  startBenchDatabase,
  systemCalls,
} from './bench-database.ts';
import { CITY_RADIUS_M, latLonOf, SPEED_MS, WATCH_RADIUS_M } from './meet-city.ts';
import { machineProbeMs, machineProbeSliceMs } from './machine-probe.ts';
import { WireSocket } from './wire-socket.ts';

const LEVELS = (process.env.BENCH_CLIENTS ?? '1000,2000,5000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARMUP_SECONDS = 5;
const CHAT_EVERY_MS = 10_000;
/** Priority of the simulated phones' process (BENCH_CLIENT_NICE, 0 to share the CPU evenly). */
const CLIENT_NICE = Number(process.env.BENCH_CLIENT_NICE ?? 10);
/**
 * Priority of the chatting quarter's process (BENCH_CHAT_NICE, with the split): a real phone
 * reads a message when it arrives, not after a simulator's turn on a shared CPU. It takes about
 * a tenth of a core, on the CPU the server is kept off.
 */
const CHAT_NICE = Number(process.env.BENCH_CHAT_NICE ?? 0);
/**
 * BENCH_PIN=0 lets PostgreSQL and the simulated phones run on any CPU. By default (with two or
 * more) both keep to the last one, so the server being measured is not preempted by them (see
 * `pinToCpu`); the server itself may use every CPU. In production neither runs beside it.
 */
const PIN_CPU = process.env.BENCH_PIN !== '0' && cpus().length >= 2 ? cpus().length - 1 : undefined;
/**
 * BENCH_PIN_THREADS=1 (with the pinning above): the server's own helper threads join PostgreSQL
 * and the phones, and its JavaScript thread keeps the other CPUs (see `pinThreadsApart`).
 */
const PIN_THREADS = PIN_CPU !== undefined && process.env.BENCH_PIN_THREADS === '1';
/** BENCH_TRACE=1: the server's worst timer delay and memory every 5 s, and the clients' phases. */
const TRACE = process.env.BENCH_TRACE === '1';
/**
 * BENCH_PROFILE=<folder>: the server's CPU profile of each window (not of the setup, whose
 * sign-ins and inserts would crowd it), written there as `<clients>.cpuprofile`. With
 * BENCH_PROFILE_KIND=alloc, a sampling profile of what the window allocates instead, garbage
 * included (`<clients>.heapprofile`). On this machine V8's sampler gives system calls several times
 * their real share (`npm run bench:profiler-bias`): read its JavaScript among itself, and take
 * the kernel's part from the trace's CPU split or from `perf record` (docs/benchmarks.md).
 */
const PROFILE_DIR = process.env.BENCH_PROFILE;
const PROFILE_KIND = process.env.BENCH_PROFILE_KIND;
/**
 * BENCH_PROFILE_KIND=promoted: only what outlived the young generation (copied by scavenges,
 * then promoted), garbage of the old generation included: what the scavenges' time goes with.
 */
const ALLOCATIONS = PROFILE_KIND === 'alloc' || PROFILE_KIND === 'promoted';
/**
 * BENCH_HEAP_SNAPSHOT=<folder>: a heap snapshot of the server at the end of each window, after
 * the full collection, while every phone is still connected (`<clients>.heapsnapshot`): what the
 * live part of its RSS is made of.
 */
const HEAP_SNAPSHOT = process.env.BENCH_HEAP_SNAPSHOT;
/**
 * The quarter of the phones that chat (and whose maps are measured) run in a process of their
 * own, writing to each other; the rest in another (BENCH_SPLIT=0: all in one, as before). A
 * real phone reads its socket at once. With the 5,000 in one process, every measured message
 * also waited for the simulator's loop to get through 5,000 sockets' traffic (its loop delay
 * p99 was 55–85 ms, counted twice in a delivery: at the sender and at the recipient). Four
 * evenly loaded processes sharing the one CPU they are kept to were later still (the phones'
 * loop delay p99 156 ms against 80–100 ms): the lightly loaded one is what helps.
 */
const SPLIT = process.env.BENCH_SPLIT !== '0';

interface ClientResult {
  connected: number;
  sustained: number;
  positionsOk: number;
  positionsRefused: number;
  /** Refused positions by code ("no answer" when none came in time): limits against overload. */
  positionRefusals: Record<string, number>;
  /** Beats that sent nothing because the phone's last position was still unanswered (as the app). */
  positionsHeld: number;
  mapLatencies: number[];
  chatLatencies: number[];
  /** From the POST to its answer: the sender's side of a chat message. */
  chatAnswers: number[];
  chatFailed: number;
  /** Refused chat sends by status and code, to tell limits from overload. */
  chatRefusals: Record<string, number>;
  /** The simulated phones' own loop delay p99 in the window (ms): their lag is in every figure. */
  clientLagP99: number;
  /** The simulated phones' CPU in the window, in cores (they share the machine with the server). */
  clientCpu: number;
}

// ---------------------------------------------------------------- the simulated phones

/** Kept-alive connections for the phones' REST calls (node:http costs them less than fetch). */
const agent = new Agent({ keepAlive: true, maxSockets: 256 });

function postJson(
  url: string,
  token: string,
  payload: object,
): Promise<{ status: number; body: string }> {
  const body = JSON.stringify(payload);
  return new Promise((resolve, reject) => {
    const call = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    call.on('error', reject);
    call.end(body);
  });
}

async function runClients(input: {
  url: string;
  clients: { id: number; token: string; chats: boolean }[];
}): Promise<ClientResult> {
  type S = WireSocket;
  /**
   * When this process's phones last sent a position. Others see a phone's displaced cell, which
   * the phone cannot know (docs/privacy.md), so a diff's latency is counted from its user's
   * latest position (at 1 Hz, the one that moved it, unless the diff took over a second). A
   * watcher in another process has no entry for them: the map update is measured on the pairs
   * whose phones share a process.
   */
  const sentAt = new Map<number, number>();
  const result: ClientResult = {
    connected: 0,
    sustained: 0,
    positionsOk: 0,
    positionsRefused: 0,
    positionRefusals: {},
    positionsHeld: 0,
    mapLatencies: [],
    chatLatencies: [],
    chatAnswers: [],
    chatFailed: 0,
    chatRefusals: {},
    clientLagP99: 0,
    clientCpu: 0,
  };
  const clientLag = monitorEventLoopDelay({ resolution: LAG_RESOLUTION_MS });
  let measuring = false;
  const chatters = new Set(input.clients.filter((c) => c.chats).map((c) => c.id));
  const states = input.clients.map((client, index) => {
    const angle = Math.random() * 2 * Math.PI;
    const r = CITY_RADIUS_M * Math.sqrt(Math.random());
    return {
      ...client,
      index,
      east: r * Math.cos(angle),
      north: r * Math.sin(angle),
      heading: Math.random() * 2 * Math.PI,
      /**
       * The chatting phones this one was shown, whom it writes to (so a delivery is measured in
       * the chatters' own process); a set beside the list, as `includes` per entry cost CPU.
       */
      seen: new Set<number>(),
      seenList: [] as number[],
      socket: undefined as S | undefined,
      failed: false,
      /** A position sent and not yet answered: the app sends none meanwhile (see decisions.md). */
      positionInFlight: false,
      /** A quarter of the phones chat, and their map is the one measured. */
      chats: client.chats,
    };
  });
  const positionRefused = (code: string) => {
    result.positionsRefused++;
    countIn(result.positionRefusals, code);
  };
  const ack = <T extends object>(socket: S, event: string, payload: unknown) =>
    socket.emitWithAck<Ack<T>>(event, payload);

  async function start(state: (typeof states)[number]): Promise<void> {
    const socket = await WireSocket.connect(input.url, { accessKey: state.token });
    state.socket = socket;
    result.connected++;
    socket.onDisconnect = () => (state.failed = true);
    // The phones that chat read their diffs (whom they may write to) and are the sample the
    // map update is measured on; the others let them go unread: parsing 5,000 diffs a second
    // took the simulator's CPU from the machine the server runs on.
    if (!state.chats) socket.ignore('map:diff');
    socket.on('map:diff', (payload) => {
      const diff = payload as MapDiff;
      const now = Date.now();
      for (const hand of diff.upsert) {
        if (chatters.has(hand.userId) && !state.seen.has(hand.userId)) {
          state.seen.add(hand.userId);
          state.seenList.push(hand.userId);
        }
        const sent = sentAt.get(hand.userId);
        if (measuring && sent !== undefined) result.mapLatencies.push(now - sent);
      }
    });
    socket.on('chat:message', (payload) => {
      const message = payload as ChatMessage;
      if (message.senderId === state.id) return;
      // The sender, maybe in another of the phones' processes, wrote its clock into the text.
      const sent = parseInt(message.text.slice(message.text.lastIndexOf(' ') + 1), 36);
      if (measuring && sent > 0) result.chatLatencies.push(Date.now() - sent);
    });
    await ack(socket, 'hand:raise', { mood: 'just_chat' });
    const here = latLonOf(state);
    sentAt.set(state.id, Date.now());
    await ack(socket, 'position', { ...here, accuracy: 10, at: Date.now() });
    const snapshot = await ack<MapSnapshot>(socket, 'map:watch', {
      ...here,
      radiusM: WATCH_RADIUS_M,
    });
    if (snapshot.ok) {
      state.seenList = snapshot.hands.map((h) => h.userId).filter((id) => chatters.has(id));
      state.seen = new Set(state.seenList);
    }
  }

  for (let i = 0; i < states.length; i += 100) {
    await Promise.all(states.slice(i, i + 100).map((s) => start(s).catch(() => (s.failed = true))));
  }

  let running = true;
  /**
   * Runs `fn` every `periodMs`, first after `phaseMs`, each time at the phone's own phase of the
   * period. `setInterval` would re-arm every timer that fired late in one batch at the same
   * instant: the phones' phases then merged into fewer, larger bursts with every delay of their
   * loop, as real phones, each on its own clock, never do. A late beat fires at once.
   */
  const every = (periodMs: number, phaseMs: number, fn: () => void) => {
    const firstAt = performance.now() + phaseMs;
    let beats = 0;
    const beat = () => {
      if (!running) return;
      if (beats > 0) fn();
      beats++;
      setTimeout(beat, Math.max(0, firstAt + (beats - 1) * periodMs - performance.now()));
    };
    beat();
  };
  /** The chatting phones' first messages, which open their main conversations. */
  const openings: (() => Promise<unknown>)[] = [];
  /** The phones' timers, set once the conversations are open. */
  const starts: (() => void)[] = [];
  for (const state of states) {
    const socket = state.socket;
    if (!socket || state.failed) continue;
    const move = () => {
      state.heading += (Math.random() - 0.5) * 0.6;
      state.east += SPEED_MS * Math.cos(state.heading);
      state.north += SPEED_MS * Math.sin(state.heading);
      if (Math.hypot(state.east, state.north) > CITY_RADIUS_M) state.heading += Math.PI;
      const here = latLonOf(state);
      if (state.positionInFlight) {
        if (measuring) result.positionsHeld++;
        return;
      }
      state.positionInFlight = true;
      sentAt.set(state.id, Date.now());
      ack(socket, 'position', { ...here, accuracy: 10, at: Date.now() }).then(
        // Answers that come in the window, like every other figure of the table.
        (answer) => {
          state.positionInFlight = false;
          if (!measuring) return;
          if (answer.ok) result.positionsOk++;
          else positionRefused(answer.code);
        },
        () => {
          state.positionInFlight = false;
          if (measuring) positionRefused('no answer');
        },
      );
    };
    // Spread the clients over the second so the load is steady, as real phones are.
    starts.push(() => every(1000, Math.random() * 1000, move));
    if (state.chats) {
      const post = (to: number, n: number) => {
        const sentAt = Date.now();
        const clientId = `b-${state.id}-${n}-${sentAt}`;
        return postJson(
          `${input.url}/api/meet/conversations/${to}/messages`,
          state.token,
          // The clock in base 36: in digits it reads as a phone number to the scam check.
          { clientId, text: `hello from the benchmark 👋 ${sentAt.toString(36)}` },
        ).then(
          (response) => {
            if (measuring) result.chatAnswers.push(Date.now() - sentAt);
            if (response.status >= 300) {
              result.chatFailed++;
              const { code } = JSON.parse(response.body) as { code?: string };
              const key = `${response.status} ${code ?? ''}`;
              countIn(result.chatRefusals, key);
            }
          },
          () => result.chatFailed++,
        );
      };
      // Most messages continue the phone's main conversation, opened before the window; every
      // fifth starts one with someone else seen. Each phone starts at its own place in that
      // cycle, so a fifth of the messages of any window start a conversation. (Opening the main
      // one inside the window made two thirds of the measured messages first ones.)
      let n = Math.floor(Math.random() * 5);
      const partnerOf = (k: number) => state.seenList[k % Math.max(1, state.seenList.length)];
      const chat = () => {
        n++;
        const to = partnerOf(n % 5 === 0 ? Math.floor(n / 5) : 0);
        if (to !== undefined) void post(to, n);
      };
      const main = partnerOf(0);
      if (main !== undefined) openings.push(() => post(main, 0));
      // Spread over the interval, and at its pace from the start of the warm-up.
      starts.push(() => every(CHAT_EVERY_MS, Math.random() * CHAT_EVERY_MS, chat));
    }
  }
  for (let i = 0; i < openings.length; i += 100) {
    await Promise.all(openings.slice(i, i + 100).map((open) => open()));
  }
  for (const begin of starts) begin();
  // The window is the orchestrator's, the same for every process of phones.
  const measure = command('measure');
  const stop = command('stop');
  process.send?.({ type: 'ready', started: states.filter((s) => !s.failed).length });
  await measure;
  measuring = true;
  clientLag.enable();
  const cpuAtStart = process.cpuUsage();
  const windowStart = performance.now();
  await stop;
  measuring = false;
  clientLag.disable();
  result.clientLagP99 = lagMs(clientLag, 99);
  const cpu = process.cpuUsage(cpuAtStart);
  result.clientCpu = (cpu.user + cpu.system) / 1e6 / ((performance.now() - windowStart) / 1000);
  running = false;
  result.sustained = states.filter((s) => s.socket?.connected && !s.failed).length;
  await Promise.all(
    states.map((s) =>
      s.socket?.connected ? ack(s.socket, 'hand:lower', {}).catch(() => undefined) : undefined,
    ),
  );
  for (const state of states) state.socket?.disconnect();
  return result;
}

/** Resolves when the orchestrator sends the command. */
function command(type: string): Promise<void> {
  return new Promise((resolve) => {
    const listener = (message: { type?: string }) => {
      if (message.type !== type) return;
      process.off('message', listener);
      resolve();
    };
    process.on('message', listener);
  });
}

function countIn(counts: Record<string, number>, key: string, n = 1): void {
  counts[key] = (counts[key] ?? 0) + n;
}

/** The results of the phones' processes as one. */
function merged(results: ClientResult[]): ClientResult {
  const sum = (pick: (r: ClientResult) => number) => results.reduce((a, r) => a + pick(r), 0);
  const refusals = (pick: (r: ClientResult) => Record<string, number>) => {
    const counts: Record<string, number> = {};
    for (const r of results)
      for (const [key, n] of Object.entries(pick(r))) countIn(counts, key, n);
    return counts;
  };
  return {
    connected: sum((r) => r.connected),
    sustained: sum((r) => r.sustained),
    positionsOk: sum((r) => r.positionsOk),
    positionsRefused: sum((r) => r.positionsRefused),
    positionRefusals: refusals((r) => r.positionRefusals),
    positionsHeld: sum((r) => r.positionsHeld),
    mapLatencies: results.flatMap((r) => r.mapLatencies),
    chatLatencies: results.flatMap((r) => r.chatLatencies),
    chatAnswers: results.flatMap((r) => r.chatAnswers),
    chatFailed: sum((r) => r.chatFailed),
    chatRefusals: refusals((r) => r.chatRefusals),
    clientLagP99: Math.max(...results.map((r) => r.clientLagP99)),
    clientCpu: sum((r) => r.clientCpu),
  };
}

if (process.argv[2] === 'client') {
  process.once('message', (input: Parameters<typeof runClients>[0]) => {
    runClients(input).then(
      (result) => process.send?.({ type: 'result', result }, () => process.exit(0)),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
} else {
  await main();
}

// ---------------------------------------------------------------- the server side

async function main(): Promise<void> {
  const bench = await startBenchDatabase();
  const { pool } = bench;
  if (PIN_CPU !== undefined) for (const pid of await bench.postgresPids()) pinToCpu(pid, PIN_CPU);
  const rows: string[] = [];
  try {
    const config = bench.config({
      MEET_HAND_OFFLINE_SECONDS: '2',
      MEET_CHAT_PER_MINUTE: '1000',
      MEET_NEW_CONVERSATIONS_PER_HOUR: '1000',
    });
    /** BENCH_TRACE: which statements the server sends, counted by their text. */
    const statements = new Map<string, number>();
    if (TRACE) {
      const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
      (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args) => {
        const first = args[0] as string | { text?: string };
        const text = (typeof first === 'string' ? first : (first.text ?? '')).slice(0, 120);
        statements.set(text, (statements.get(text) ?? 0) + 1);
        return query(...args);
      };
    }
    /** BENCH_TRACE: the server's garbage collections in the window, by kind. */
    const pauses = new Map<number, number[]>();
    if (TRACE) {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          const kind = (entry as unknown as { detail?: { kind?: number } }).detail?.kind ?? 0;
          pauses.set(kind, [...(pauses.get(kind) ?? []), entry.duration]);
        }
      }).observe({ entryTypes: ['gc'] });
    }
    /** BENCH_TRACE: how long a statement takes once it has a connection. */
    const held: number[] = [];
    if (TRACE) {
      const since = new WeakMap<object, number>();
      pool.on('acquire', (client) => since.set(client, performance.now()));
      pool.on('release', (_error, client) => {
        const at = since.get(client);
        if (at !== undefined) held.push(performance.now() - at);
      });
    }
    const app = await buildApp(config, { pool });
    /** BENCH_TRACE: a chat POST's time in the server, from its headers read to its answer sent. */
    const chatServerMs: number[] = [];
    let tracingChat = false;
    /** BENCH_TRACE: of that, the part before the handler (the session check). */
    const chatAuthMs: number[] = [];
    /** BENCH_TRACE: from the phone's send (its clock is in the client id) to the server's first hook. */
    const chatArrivalMs: number[] = [];
    if (TRACE) {
      const isChat = (request: { method: string; url: string }) =>
        tracingChat && request.method === 'POST' && request.url.endsWith('/messages');
      app.addHook('preValidation', async (request, reply) => {
        if (!isChat(request)) return;
        chatAuthMs.push(reply.elapsedTime);
        const { clientId } = request.body as { clientId: string };
        const sentAt = Number(clientId.slice(clientId.lastIndexOf('-') + 1));
        chatArrivalMs.push(Date.now() - reply.elapsedTime - sentAt);
      });
      app.addHook('onResponse', async (request, reply) => {
        if (isChat(request)) chatServerMs.push(reply.elapsedTime);
      });
    }
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const most = Math.max(...LEVELS);
      console.log(`making ${most} users with sessions …`);
      await app.db.execute(sql`insert into users
        (email, first_name, last_name, domain, gender, bdate, email_verified)
        select 'bench' || g || '@example.com', 'Bench', 'User', 'bench' || g, g % 2,
          '1990-01-01T00:00:00Z', true from generate_series(1, ${most}) g`);
      const all: UserRow[] = await app.db.select().from(users).orderBy(users.id);
      const clients: { id: number; token: string }[] = [];
      for (let i = 0; i < all.length; i += 50) {
        clients.push(
          ...(await Promise.all(
            all.slice(i, i + 50).map(async (user) => {
              const { token } = await app.sessions.start(app.db, user, {
                fingerprint: null,
                userAgent: 'bench',
                ip: null,
              });
              return { id: user.id, token };
            }),
          )),
        );
      }

      for (const level of LEVELS) {
        console.log(`running ${level} clients …`);
        const phones = clients.slice(0, level);
        // A quarter of the phones chat; with SPLIT they have a process of their own.
        const marked = phones.map((phone, index) => ({ ...phone, chats: index % 4 === 0 }));
        const groups = SPLIT
          ? [marked.filter((p) => p.chats), marked.filter((p) => !p.chats)]
          : [marked];
        const probeBefore = machineProbeMs();
        const children = groups.map(() =>
          fork(fileURLToPath(import.meta.url), ['client'], { execArgv: process.execArgv }),
        );
        for (const [n, child] of children.entries()) {
          // The simulated phones run elsewhere in production: here they yield the CPU to the
          // server, so its figures measure the server rather than the 2 cores' sharing with them.
          if (child.pid) setPriority(child.pid, SPLIT && n === 0 ? CHAT_NICE : CLIENT_NICE);
          if (child.pid && PIN_CPU !== undefined) pinToCpu(child.pid, PIN_CPU);
        }
        const lag = monitorEventLoopDelay({ resolution: LAG_RESOLUTION_MS });
        let rss = 0;
        let cpuStart = process.cpuUsage();
        let writesStart = 0;
        let wallStart = performance.now();
        let tickAt = performance.now();
        let worstGap = 0;
        /** The longest the server's loop kept a 500 ms timer waiting in the window. */
        let stall = 0;
        let inWindow = false;
        let elu = performance.eventLoopUtilization();
        /** The machine probe's slices in the window (see machine-probe.ts). */
        const probes: number[] = [];
        const sampler = setInterval(() => {
          if (inWindow) probes.push(machineProbeSliceMs());
          rss = Math.max(rss, process.memoryUsage().rss);
          const now = performance.now();
          worstGap = Math.max(worstGap, now - tickAt - 500);
          if (inWindow) stall = Math.max(stall, now - tickAt - 500);
          tickAt = now;
        }, 500);
        /**
         * The process's page faults and context switches since the last trace: a stall of
         * seconds with neither collection nor CPU to show for it is the machine's (memory handed
         * back to the host and faulted in again, or the CPU taken away), not the server's.
         */
        let usageAt = process.resourceUsage();
        const tracer = TRACE
          ? setInterval(() => {
              const m = process.memoryUsage();
              const usage = process.resourceUsage();
              const faults = usage.minorPageFault - usageAt.minorPageFault;
              const majorFaults = usage.majorPageFault - usageAt.majorPageFault;
              const switches =
                usage.involuntaryContextSwitches - usageAt.involuntaryContextSwitches;
              usageAt = usage;
              console.log(
                `${new Date().toISOString()} server: worst timer delay ${worstGap.toFixed(0)} ms, rss ${Math.round(m.rss / 1048576)} MB, heap ${Math.round(m.heapUsed / 1048576)}/${Math.round(m.heapTotal / 1048576)} MB, db pool ${pool.totalCount} open, ${pool.idleCount} idle, ${pool.waitingCount} waiting; page faults ${faults} (${majorFaults} major), preempted ${switches} times`,
              );
              worstGap = 0;
            }, 5000)
          : undefined;
        const ready = children.map(
          (child) =>
            new Promise<void>((resolve) =>
              child.on('message', (message: { type: string }) => {
                if (message.type === 'ready') resolve();
              }),
            ),
        );
        const results = children.map(
          (child) =>
            new Promise<ClientResult>((resolve, reject) => {
              child.on('message', (message: { type: string; result?: ClientResult }) => {
                if (message.type === 'result' && message.result) resolve(message.result);
              });
              child.on('exit', (code) => {
                if (code !== 0) reject(new Error(`clients exited with ${code}`));
              });
            }),
        );
        children.forEach((child, n) => child.send({ url: base, clients: groups[n] }));
        await Promise.all(ready);
        if (TRACE) console.log(`${new Date().toISOString()} clients: ready`);
        if (PIN_THREADS) pinThreadsApart(PIN_CPU!);
        lag.enable();
        await new Promise((resolve) => setTimeout(resolve, WARMUP_SECONDS * 1000));
        for (const child of children) child.send({ type: 'measure' });
        if (PIN_THREADS) pinThreadsApart(PIN_CPU!);
        {
          // Reset rather than enabled here: the histogram must have seen a loop held up since
          // the phones got going.
          lag.reset();
          app.positionQueue.waits.reset();
          statements.clear();
          held.length = 0;
          chatServerMs.length = 0;
          chatAuthMs.length = 0;
          chatArrivalMs.length = 0;
          tracingChat = true;
          pauses.clear();
          elu = performance.eventLoopUtilization();
          inWindow = true;
          stall = 0;
          rss = process.memoryUsage().rss;
          cpuStart = process.cpuUsage();
          wallStart = performance.now();
          writesStart = (await systemCalls()).writes;
        }
        const profiler = PROFILE_DIR ? await startProfile() : undefined;
        await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
        // The server's figures are of the window alone: what follows (the profile written, the
        // phones lowering their hands, the full collection below) held its loop too.
        const measured = {
          lagP50: lagMs(lag, 50),
          lagP99: lagMs(lag, 99),
          /** Node's own reading, the interval included. */
          delayP99: lag.percentile(99) / 1e6,
          utilisation: performance.eventLoopUtilization(elu).utilization,
          cpu: process.cpuUsage(cpuStart),
          wallMs: performance.now() - wallStart,
        };
        inWindow = false;
        lag.disable();
        for (const child of children) child.send({ type: 'stop' });
        const writesPerSecond = ((await systemCalls()).writes - writesStart) / SECONDS;
        if (profiler)
          await profiler.stopInto(
            join(PROFILE_DIR!, `${level}.${ALLOCATIONS ? 'heapprofile' : 'cpuprofile'}`),
          );
        {
          tracingChat = false;
          if (TRACE) {
            console.log(
              `chat POST in the server: p50 ${percentile(chatServerMs, 50).toFixed(0)} ms, p95 ${percentile(chatServerMs, 95).toFixed(0)} ms, n ${chatServerMs.length}; until the handler p50 ${percentile(chatAuthMs, 50).toFixed(0)} ms, p95 ${percentile(chatAuthMs, 95).toFixed(0)} ms; from the phone's send to the server p50 ${percentile(chatArrivalMs, 50).toFixed(0)} ms, p95 ${percentile(chatArrivalMs, 95).toFixed(0)} ms`,
            );
            const waits = app.positionQueue.waits;
            console.log(
              `positions waited for their slice: p50 ${(waits.percentile(50) / 1000).toFixed(1)} ms, p95 ${(waits.percentile(95) / 1000).toFixed(1)} ms, p99 ${(waits.percentile(99) / 1000).toFixed(1)} ms, n ${waits.count}`,
            );
            const top = [...statements].sort((a, b) => b[1] - a[1]).slice(0, 12);
            console.log(
              `connection held per checkout: p50 ${percentile(held, 50).toFixed(1)} ms, p95 ${percentile(held, 95).toFixed(1)} ms, n ${held.length}`,
            );
            for (const [kind, list] of pauses) {
              console.log(
                `gc kind ${kind}: ${list.length} pauses, total ${list.reduce((a, b) => a + b, 0).toFixed(0)} ms, longest ${Math.max(...list).toFixed(0)} ms`,
              );
            }
            console.log(
              `loop lag p50 ${measured.lagP50.toFixed(1)} ms, p99 ${measured.lagP99.toFixed(1)} ms (past the ${LAG_RESOLUTION_MS} ms interval; the histogram's p99 ${measured.delayP99.toFixed(1)} ms); loop utilisation ${measured.utilisation.toFixed(2)}; CPU ${(measured.cpu.user / 1e3 / measured.wallMs).toFixed(2)} user, ${(measured.cpu.system / 1e3 / measured.wallMs).toFixed(2)} kernel; write system calls ${Math.round(writesPerSecond)}/s`,
            );
            console.log('statements in the window:');
            for (const [text, n] of top) console.log(`${String(n).padStart(8)}  ${text}`);
          }
          // While every client is still connected: what is live once the garbage is
          // collected (run with --expose-gc), apart from the RSS peak.
          const gc = (globalThis as { gc?: () => void }).gc;
          gc?.();
          const memory = process.memoryUsage();
          const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
          console.log(
            `end of window${gc ? ', after a full GC' : ''}: rss ${mb(memory.rss)} MB, heap used ${mb(memory.heapUsed)} of ${mb(memory.heapTotal)} MB, external ${mb(memory.external)} MB (array buffers ${mb(memory.arrayBuffers)} MB)`,
          );
          if (HEAP_SNAPSHOT) {
            // Writing it takes as much memory again: the table's RSS is the one before.
            clearInterval(sampler);
            writeHeapSnapshot(join(HEAP_SNAPSHOT, `${level}.heapsnapshot`));
          }
        }
        const each = await Promise.all(results);
        const result = merged(each);
        console.log(
          `machine probe (fixed work on the server's thread; lower is faster): ${probeBefore.toFixed(1)} ms before the phones, ${machineProbeMs().toFixed(1)} ms after them (about 38 on a quick machine); in the window a slice took p50 ${percentile(probes, 50).toFixed(2)} ms, p90 ${percentile(probes, 90).toFixed(2)} ms, n ${probes.length} (about 0.23)`,
        );
        clearInterval(sampler);
        clearInterval(tracer);
        const row = [
          level,
          result.sustained,
          measured.lagP99.toFixed(1),
          (stall / 1000).toFixed(1),
          percentile(result.mapLatencies, 95).toFixed(0),
          result.mapLatencies.length,
          percentile(result.chatLatencies, 95).toFixed(0),
          result.chatLatencies.length,
          result.chatFailed,
          Math.round(result.positionsOk / SECONDS),
          result.positionsRefused,
          Math.round(rss / 1024 / 1024),
          `${(((measured.cpu.user + measured.cpu.system) / 1000 / measured.wallMs) * 100).toFixed(0)}%`,
        ];
        rows.push(`| ${row.join(' | ')} |`);
        if (result.chatFailed > 0) console.log('chat refusals:', result.chatRefusals);
        if (result.positionsRefused > 0) {
          console.log('positions refused:', result.positionRefusals);
        }
        console.log(
          `chat POST answered p50 ${percentile(result.chatAnswers, 50).toFixed(0)} ms, p95 ${percentile(result.chatAnswers, 95).toFixed(0)} ms; the phones' loop lag p99 ${each.map((r) => r.clientLagP99.toFixed(0)).join(' and ')} ms (${SPLIT ? 'the chatting quarter and the rest' : 'one process'}), their CPU ${result.clientCpu.toFixed(2)} cores; beats held while a position was unanswered ${result.positionsHeld}`,
        );
        console.log(rows.at(-1));
        // Wait for the offline drop of the hands of this round before the next one.
        await new Promise((resolve) => setTimeout(resolve, 3000));
      }
    } finally {
      await app.close();
    }
  } finally {
    await bench.stop();
  }
  console.log(
    `\n${SECONDS} s measured after ${WARMUP_SECONDS} s warm-up, ${cpus().length} CPU(s), Node ${process.version}${PIN_CPU === undefined ? '' : `, PostgreSQL and the phones${PIN_THREADS ? ", and the server's helper threads," : ''} on CPU ${PIN_CPU}`}\n`,
  );
  console.log(
    '| clients | sustained | loop lag p99 ms | longest stall s | map update p95 ms | map samples | chat p95 ms | chats | chat failed | positions/s | positions refused | server RSS MB | server CPU |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) console.log(row);
}

/**
 * A CPU profile of this process from now until `stopInto`, for BENCH_PROFILE; with
 * BENCH_PROFILE_KIND=alloc, a sampling profile of what allocates instead (`.heapprofile`).
 */
async function startProfile(): Promise<{ stopInto: (file: string) => Promise<void> }> {
  const session = new Session();
  session.connect();
  if (ALLOCATIONS) {
    await session.post('HeapProfiler.enable');
    await session.post('HeapProfiler.startSampling', {
      samplingInterval: 16_384,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: PROFILE_KIND === 'alloc',
    });
  } else {
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
  }
  return {
    async stopInto(file) {
      const { profile } = ALLOCATIONS
        ? await session.post('HeapProfiler.stopSampling')
        : await session.post('Profiler.stop');
      await writeFile(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}

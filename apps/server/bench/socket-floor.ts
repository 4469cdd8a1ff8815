/**
 * What the wire alone costs this machine: the same simulated phones as `bench:meet` (a position
 * every second, one in flight) against servers that only answer, so the share of the server's
 * thread that no code of the meet service can give back is measured, not guessed.
 *
 * - `ws`: a bare `ws` server that answers each packet with an acknowledgement frame (the Engine.IO
 *   and Socket.IO framing as text, no library behind it);
 * - `socket.io`: Socket.IO with the app's options, a listener that acknowledges;
 * - `socket.io+diff`: that, plus a map diff of the benchmark's size with every answer, in the same
 *   write (the app's `holdWrites` and `emitEncoded`).
 *
 * The phones run in another process, kept to the last CPU at a lower priority, as in
 * `bench:meet`. Prints per server: loop utilisation, loop lag p99 (the timer's lateness), CPU split
 * into user and kernel time, read and write system calls a second, and the phones' answer p95.
 *
 *   npm run bench:socket-floor -w @meeet/server   (FLOOR_CLIENTS=5000 FLOOR_SERVERS=ws,socket.io,socket.io+diff)
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createServer, type Server as HttpServer } from 'node:http';
import { cpus, setPriority } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Server } from 'socket.io';
import { WebSocketServer } from 'ws';
import { EncodedDiff, sharedPart } from '../src/modules/meet/map-diff.ts';
import { emitEncoded, holdWrites, type RealtimeSocket } from '../src/plugins/socket.ts';
import { LAG_RESOLUTION_MS, lagMs, percentile, pinToCpu, systemCalls } from './bench-database.ts';
import { WireSocket } from './wire-socket.ts';

const CLIENTS = Number(process.env.FLOOR_CLIENTS ?? 5000);
const SERVERS = (process.env.FLOOR_SERVERS ?? 'ws,socket.io,socket.io+diff').split(',');
const WARMUP_SECONDS = 5;
const SECONDS = Number(process.env.FLOOR_SECONDS ?? 15);
const PIN_CPU = cpus().length >= 2 ? cpus().length - 1 : undefined;
/** The simulated phones' priority, as `bench:meet`'s (BENCH_CLIENT_NICE). */
const CLIENT_NICE = 10;
/** A map diff of `bench:map`'s mean size at 5,000 hands (~900 bytes), encoded as the app does. */
const DIFF = new EncodedDiff(
  Array.from({ length: 4 }, (_, i) => ({
    shared: sharedPart(
      {
        userId: 100_000 + i,
        nickname: `phone${i}`,
        firstName: 'Phone',
        avatar: `/api/media/avatar-${i}.webp`,
        verified: i % 2 === 0,
        levels: [1, 2],
      },
      'just_chat',
      { lat: 55.751244 + i / 1000, lon: 37.618423 + i / 1000 },
    ),
    distanceM: 300 + i * 100,
    ring: i,
  })),
  [200_001, 200_002],
);

interface PhoneResult {
  answers: number;
  latencies: number[];
  failed: number;
}

interface ServerResult {
  utilisation: number;
  lagP99: number;
  userCpu: number;
  kernelCpu: number;
  readsPerSecond: number;
  writesPerSecond: number;
}

// ---------------------------------------------------------------- the simulated phones

async function phones(url: string, count: number): Promise<void> {
  const sockets: WireSocket[] = [];
  // In batches: thousands of handshakes at once overflow the listen backlog.
  for (let i = 0; i < count; i += 200) {
    const batch = Math.min(200, count - i);
    sockets.push(
      ...(await Promise.all(Array.from({ length: batch }, () => WireSocket.connect(url, {})))),
    );
  }
  for (const socket of sockets) socket.ignore('map:diff');
  const result: PhoneResult = { answers: 0, latencies: [], failed: 0 };
  let measuring = false;
  let running = true;
  for (const [n, socket] of sockets.entries()) {
    let inFlight = false;
    const beat = () => {
      if (!running || inFlight) return;
      inFlight = true;
      const sentAt = performance.now();
      const position = { lat: 55.75 + n / 1e5, lon: 37.62, accuracy: 20, at: Date.now() };
      socket.emitWithAck('position', position).then(
        () => {
          inFlight = false;
          if (!measuring) return;
          result.answers++;
          result.latencies.push(performance.now() - sentAt);
        },
        () => {
          inFlight = false;
          if (measuring) result.failed++;
        },
      );
    };
    setTimeout(() => setInterval(beat, 1000), Math.random() * 1000);
  }
  process.send?.({ type: 'ready' });
  process.on('message', (message: { type: string }) => {
    if (message.type === 'measure') measuring = true;
    if (message.type === 'stop') {
      measuring = false;
      running = false;
      // The parent ends this process once it has the result: exiting here could cut the message.
      process.send?.({ type: 'result', result });
    }
  });
}

// ---------------------------------------------------------------- the servers

const ENGINE_OPEN = `0${JSON.stringify({ sid: 'floor', upgrades: [], pingInterval: 25_000, pingTimeout: 20_000, maxPayload: 1_000_000 })}`;

/** Answers Engine.IO's open and Socket.IO's connect, then acknowledges every event. */
function bareWebSocket(http: HttpServer): () => void {
  const wss = new WebSocketServer({ server: http, path: '/socket.io/', perMessageDeflate: false });
  wss.on('connection', (ws) => {
    ws.send(ENGINE_OPEN);
    ws.on('message', (data: Buffer) => {
      const text = data.toString();
      if (text.startsWith('40')) return ws.send('40{"sid":"floor"}');
      if (!text.startsWith('42')) return;
      const id = text.slice(2, text.indexOf('['));
      ws.send(`43${id}[{"ok":true}]`);
    });
  });
  return () => wss.close();
}

function socketIo(http: HttpServer, withDiff: boolean): () => void {
  const io = new Server(http, { path: '/socket.io', serveClient: false });
  io.on('connection', (socket) => {
    socket.on('position', (_position: unknown, ack: (answer: object) => void) => {
      if (!withDiff) return ack({ ok: true });
      const release = holdWrites(socket as unknown as RealtimeSocket);
      // As the app: after the awaited work, the diff the position brought, then the answer.
      void Promise.resolve().then(() => {
        emitEncoded(socket as unknown as RealtimeSocket, 'map:diff', DIFF);
        ack({ ok: true });
        release();
      });
    });
  });
  return () => void io.close();
}

function message(child: ChildProcess, type: string): Promise<{ result?: PhoneResult }> {
  return new Promise((resolve) => {
    const listener = (m: { type: string; result?: PhoneResult }) => {
      if (m.type !== type) return;
      child.off('message', listener);
      resolve(m);
    };
    child.on('message', listener);
  });
}

async function measure(kind: string): Promise<ServerResult & PhoneResult> {
  const http = createServer();
  const close = kind === 'ws' ? bareWebSocket(http) : socketIo(http, kind === 'socket.io+diff');
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const address = http.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const child = fork(fileURLToPath(import.meta.url), ['phones', `http://127.0.0.1:${port}`], {
    execArgv: process.execArgv,
  });
  let stopping = false;
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`the phones' process ended early: code ${code}, signal ${signal}`);
    process.exit(1);
  });
  if (child.pid) setPriority(child.pid, CLIENT_NICE);
  if (child.pid && PIN_CPU !== undefined) pinToCpu(child.pid, PIN_CPU);
  await message(child, 'ready');
  await new Promise((resolve) => setTimeout(resolve, WARMUP_SECONDS * 1000));

  const lag = monitorEventLoopDelay({ resolution: LAG_RESOLUTION_MS });
  lag.enable();
  const elu = performance.eventLoopUtilization();
  const cpu = process.cpuUsage();
  const calls = await systemCalls();
  const startedAt = performance.now();
  child.send({ type: 'measure' });
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  const seconds = (performance.now() - startedAt) / 1000;
  const used = process.cpuUsage(cpu);
  const callsAfter = await systemCalls();
  const server: ServerResult = {
    utilisation: performance.eventLoopUtilization(elu).utilization,
    lagP99: lagMs(lag, 99),
    userCpu: used.user / 1e6 / seconds,
    kernelCpu: used.system / 1e6 / seconds,
    readsPerSecond: (callsAfter.reads - calls.reads) / seconds,
    writesPerSecond: (callsAfter.writes - calls.writes) / seconds,
  };
  lag.disable();
  const done = message(child, 'result');
  child.send({ type: 'stop' });
  const { result } = await done;
  stopping = true;
  child.kill();
  close();
  http.closeAllConnections();
  await new Promise((resolve) => http.close(resolve));
  return { ...server, ...(result ?? { answers: 0, latencies: [], failed: 0 }) };
}

async function main(): Promise<void> {
  console.log(`${CLIENTS} phones at 1 Hz, ${SECONDS} s window after ${WARMUP_SECONDS} s`);
  const rows: string[] = [];
  for (const kind of SERVERS) {
    console.log(`${kind} …`);
    const r = await measure(kind);
    const fixed = (n: number, d = 2) => n.toFixed(d);
    rows.push(
      `| ${kind} | ${fixed(r.utilisation)} | ${fixed(r.lagP99, 1)} | ${fixed(r.userCpu)} | ${fixed(r.kernelCpu)} | ${Math.round(r.readsPerSecond)} | ${Math.round(r.writesPerSecond)} | ${Math.round(r.answers / SECONDS)} | ${fixed(percentile(r.latencies, 95), 1)} | ${r.failed} |`,
    );
  }
  console.log(
    '\n| server | loop utilisation | loop lag p99 ms | user CPU | kernel CPU | reads/s | writes/s | answers/s | answer p95 ms | failed |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) console.log(row);
}

if (process.argv[2] === 'phones') {
  await phones(process.argv[3] ?? '', CLIENTS);
} else {
  await main();
}

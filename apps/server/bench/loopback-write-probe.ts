/**
 * What one small write on a loopback TCP socket costs the writer, by what the reading process
 * is doing: asleep on another CPU, busy on another CPU, or on the writer's own CPU. On loopback
 * the kernel delivers the segment and wakes the reader inside the writer's system call, so
 * `bench:meet`'s server pays for waking its simulated phones; remote phones would not charge
 * it that (see docs/benchmarks.md). Linux only (`taskset`).
 *
 *   npm run bench:loopback -w @meeet/server
 */
import { execFileSync, fork } from 'node:child_process';
import { connect, createServer, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';

const SOCKETS = 500;
const WRITES = 3000;

if (process.argv[2] === 'reader') {
  for (let i = 0; i < SOCKETS; i++) connect(Number(process.argv[3])).on('data', () => {});
  if (process.env.PROBE_BUSY === '1') {
    // Awake most of the time, as a process with work to do is.
    setInterval(() => {
      const until = Date.now() + 8;
      while (Date.now() < until);
    }, 10);
  }
  setInterval(() => {}, 1000);
} else {
  const cases = [
    { name: 'reader asleep on the other CPU', cpu: 1, busy: false },
    { name: 'reader busy on the other CPU', cpu: 1, busy: true },
    { name: 'reader on the same CPU', cpu: 0, busy: false },
  ];
  execFileSync('taskset', ['-pc', '0', String(process.pid)]);
  for (const { name, cpu, busy } of cases) console.log(`${name}: ${await probe(cpu, busy)}`);
}

async function probe(readerCpu: number, busy: boolean): Promise<string> {
  const sockets: Socket[] = [];
  const server = createServer((socket) => {
    socket.setNoDelay(true);
    sockets.push(socket);
  });
  await new Promise<void>((resolve) => server.listen({ port: 0, backlog: 4096 }, resolve));
  const { port } = server.address() as { port: number };
  const reader = fork(fileURLToPath(import.meta.url), ['reader', String(port)], {
    execArgv: process.execArgv,
    env: { ...process.env, PROBE_BUSY: busy ? '1' : '0' },
  });
  execFileSync('taskset', ['-pc', String(readerCpu), String(reader.pid)]);
  while (sockets.length < SOCKETS) await new Promise((resolve) => setTimeout(resolve, 50));
  const payload = Buffer.alloc(120, 'x');
  const micros: number[] = [];
  for (let n = 0; n < WRITES; n++) {
    // Spread over time, as answers to phones are, so an idle reader falls asleep between them.
    await new Promise((resolve) => setTimeout(resolve, n % 5 === 0 ? 1 : 0));
    const start = process.hrtime.bigint();
    sockets[n % SOCKETS]!.write(payload);
    micros.push(Number(process.hrtime.bigint() - start) / 1000);
  }
  reader.kill();
  for (const socket of sockets) socket.destroy();
  server.close();
  micros.sort((a, b) => a - b);
  const mean = micros.reduce((sum, m) => sum + m, 0) / micros.length;
  const at = (share: number) => micros[Math.floor(micros.length * share)]!.toFixed(1);
  return `write p50 ${at(0.5)} µs, p90 ${at(0.9)} µs, mean ${mean.toFixed(1)} µs`;
}

/**
 * One server process under test: the real app on the benchmark's PostgreSQL (and Redis, with
 * more than one process), started as `npm start` starts it, reporting its own figures for the
 * window the orchestrator names. A fresh process per run, so no run inherits another's memory.
 */
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { writeHeapSnapshot } from 'node:v8';
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { LAG_RESOLUTION_MS, lagMs } from '../bench-database.ts';
import { command } from './phones.ts';

export interface ServerFigures {
  lagP99: number;
  /** CPU in the window, in cores, and the kernel's part of it. */
  cpu: number;
  kernelCpu: number;
  /** The highest RSS in the window, and the live heap after a full collection at its end (MB). */
  rssMb: number;
  heapMb: number;
  /** Sockets open on this process at the end of the window. */
  sockets: number;
  /** RSS before any phone connected, after a full collection (MB): what the clients add to. */
  idleRssMb: number;
}

export async function runServer(env: Record<string, string>): Promise<void> {
  const app = await buildApp(loadConfig(env));
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  (globalThis as { gc?: () => void }).gc?.();
  const idleRssMb = process.memoryUsage().rss / 1048576;
  process.send?.({ type: 'listening', url });
  await command('measure');
  // BENCH_PROFILE=<folder>: the window's CPU profile (`<pid>.cpuprofile`).
  const profiles = process.env.BENCH_PROFILE;
  const profiler = profiles ? new Session() : undefined;
  if (profiler) {
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
  }
  const lag = monitorEventLoopDelay({ resolution: LAG_RESOLUTION_MS });
  lag.enable();
  let rss = process.memoryUsage().rss;
  // `rss()` reads /proc: with every descriptor taken (EMFILE) that sample is skipped.
  const sampler = setInterval(() => {
    try {
      rss = Math.max(rss, process.memoryUsage.rss());
    } catch {
      /* no descriptor left this time */
    }
  }, 500);
  const cpuStart = process.cpuUsage();
  const wallStart = performance.now();
  await command('stop');
  if (profiler) {
    const { profile } = await profiler.post('Profiler.stop');
    await writeFile(join(profiles!, `${process.pid}.cpuprofile`), JSON.stringify(profile));
    profiler.disconnect();
  }
  const cpu = process.cpuUsage(cpuStart);
  const seconds = (performance.now() - wallStart) / 1000;
  lag.disable();
  clearInterval(sampler);
  const sockets = app.io.engine.clientsCount;
  (globalThis as { gc?: () => void }).gc?.();
  const figures: ServerFigures = {
    lagP99: lagMs(lag, 99),
    cpu: (cpu.user + cpu.system) / 1e6 / seconds,
    kernelCpu: cpu.system / 1e6 / seconds,
    rssMb: rss / 1048576,
    heapMb: process.memoryUsage().heapUsed / 1048576,
    sockets,
    idleRssMb,
  };
  // BENCH_HEAP_SNAPSHOT=<folder>: what the live heap holds, while every phone is connected.
  const snapshots = process.env.BENCH_HEAP_SNAPSHOT;
  if (snapshots) writeHeapSnapshot(join(snapshots, `${process.pid}.heapsnapshot`));
  process.send?.({ type: 'figures', figures });
  await command('exit');
  await app.close();
  process.exit(0);
}

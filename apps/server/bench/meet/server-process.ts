/**
 * One server process under test: the real app on the benchmark's PostgreSQL (and Redis, with
 * more than one process), started as `npm start` starts it, reporting its own figures for the
 * window the orchestrator names. A fresh process per run, so no run inherits another's memory.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { LAG_RESOLUTION_MS, lagMs } from '../bench-database.ts';
import { command } from './phones.ts';

export interface ServerFigures {
  lagP99: number;
  /** CPU in the window, in cores. */
  cpu: number;
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
  const lag = monitorEventLoopDelay({ resolution: LAG_RESOLUTION_MS });
  lag.enable();
  let rss = process.memoryUsage().rss;
  const sampler = setInterval(() => (rss = Math.max(rss, process.memoryUsage().rss)), 500);
  const cpuStart = process.cpuUsage();
  const wallStart = performance.now();
  await command('stop');
  const cpu = process.cpuUsage(cpuStart);
  const seconds = (performance.now() - wallStart) / 1000;
  lag.disable();
  clearInterval(sampler);
  const sockets = app.io.engine.clientsCount;
  (globalThis as { gc?: () => void }).gc?.();
  const figures: ServerFigures = {
    lagP99: lagMs(lag, 99),
    cpu: (cpu.user + cpu.system) / 1e6 / seconds,
    rssMb: rss / 1048576,
    heapMb: process.memoryUsage().heapUsed / 1048576,
    sockets,
    idleRssMb,
  };
  process.send?.({ type: 'figures', figures });
  await command('exit');
  await app.close();
  process.exit(0);
}

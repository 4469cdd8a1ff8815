import type { WorkerHealth } from '@meeet/core/api/health';

interface WorkerState {
  startedAt: number;
  lastTickAt: number | undefined;
  staleAfterMs: number;
  failures: number;
}

/**
 * When each running background worker last finished a good pass, for `GET /api/health/ready`.
 * A worker is listed from its start to its stop; one that has not finished a good pass within
 * its bound (counted from its start before the first pass) is stale and the process not ready.
 */
export class WorkerStatusRegistry {
  private readonly workers = new Map<string, WorkerState>();

  started(name: string, staleAfterMs: number, now = Date.now()): void {
    this.workers.set(name, { startedAt: now, lastTickAt: undefined, staleAfterMs, failures: 0 });
  }

  ticked(name: string, now = Date.now()): void {
    const state = this.workers.get(name);
    if (!state) return;
    state.lastTickAt = now;
    state.failures = 0;
  }

  failed(name: string): void {
    const state = this.workers.get(name);
    if (state) state.failures++;
  }

  stopped(name: string): void {
    this.workers.delete(name);
  }

  snapshot(now = Date.now()): Record<string, WorkerHealth> {
    return Object.fromEntries(
      [...this.workers].map(([name, state]): [string, WorkerHealth] => {
        const since = state.lastTickAt ?? state.startedAt;
        return [
          name,
          {
            status: now - since > state.staleAfterMs ? 'stale' : 'ok',
            lastTickAgoMs: state.lastTickAt === undefined ? null : now - state.lastTickAt,
            failures: state.failures,
          },
        ];
      }),
    );
  }
}

/**
 * The process's workers. One per process on purpose: workers are created deep inside the
 * modules that own them (the deposit and market watchers build their own pollers), and the
 * readiness of a process is about all of them, whoever started them.
 */
export const workerStatus = new WorkerStatusRegistry();

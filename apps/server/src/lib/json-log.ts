import { hostname } from 'node:os';

/** pino's numbers for the levels written before (or without) the app's logger. */
const LEVELS = { info: 30, error: 50, fatal: 60 } as const;

/**
 * One log line shaped as the app's pino lines are (level, time, pid, hostname, msg), for what a
 * process says before its logger exists or without one (the configuration, commands): every
 * line a process prints is JSON, from the first.
 */
export function jsonLog(
  level: keyof typeof LEVELS,
  msg: string,
  fields: Record<string, unknown> = {},
): void {
  const line = { level: LEVELS[level], time: Date.now(), pid: process.pid, hostname: hostname() };
  process.stdout.write(`${JSON.stringify({ ...line, ...fields, msg })}\n`);
}

/**
 * An error as a log field without its stack: a start-up failure is one readable line, not a
 * trace (the message says what to fix; a `code` says which system call failed).
 */
export function errorSummary(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    message: error.message,
    ...(typeof code === 'string' ? { code } : {}),
  };
}

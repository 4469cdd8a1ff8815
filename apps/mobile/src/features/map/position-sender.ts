import { ErrorCode } from '@meeet/core/api/errors';
import { POSITION_MAX_AGE_MS, type Ack } from '@meeet/core/api/realtime';
import type { Fix } from '../../lib/location';

export interface PositionSenderDeps {
  /** Sends one position and resolves with its answer. */
  send: (fix: Fix) => Promise<Ack>;
  isConnected: () => boolean;
  /** A position the server refused, with its message in the user's language. */
  onRefused: (answer: Ack & { ok: false }) => void;
  /** The least time between two positions sent (the service takes one a second). */
  gapMs: number;
  now?: () => number;
}

export interface PositionSender {
  /** The newest fix: it replaces any fix still waiting to be sent. */
  offer: (fix: Fix) => void;
  /** Sends what waits, if it may go now (call when the socket connects again). */
  resume: () => void;
  /** Forgets what waits (the hand went down) and stops the gap's timer. */
  clear: () => void;
}

/**
 * The hand's positions as a stream where the newest wins: one position in flight at a time,
 * at most one waiting, which each newer fix replaces, and none sent closer than `gapMs` to the
 * one before. On a slow network or a busy server the phone sends less often instead of piling
 * up positions that are stale before they arrive; while offline nothing is queued, and a fix
 * too old for the server to take is dropped rather than sent.
 */
export function createPositionSender(deps: PositionSenderDeps): PositionSender {
  const now = deps.now ?? Date.now;
  let waiting: Fix | null = null;
  let inFlight = false;
  let lastSentAt = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | null = null;

  function pump(): void {
    if (inFlight || waiting === null || !deps.isConnected()) return;
    const wait = lastSentAt + deps.gapMs - now();
    if (wait > 0) {
      timer ??= setTimeout(() => {
        timer = null;
        pump();
      }, wait);
      return;
    }
    const fix = waiting;
    waiting = null;
    if (now() - fix.at > POSITION_MAX_AGE_MS) return;
    inFlight = true;
    lastSentAt = now();
    const settled = (answer: Ack | null) => {
      inFlight = false;
      // Offline (the socket dropped as it was sent): the fix waits for the socket, unless a
      // newer one already does.
      if (answer?.ok === false && answer.code === ErrorCode.SERVICE_UNAVAILABLE) waiting ??= fix;
      else if (answer?.ok === false) deps.onRefused(answer);
      pump();
    };
    // A fix's clock may run ahead of the phone's (the server refuses times in the future).
    deps.send({ ...fix, at: Math.min(fix.at, now()) }).then(settled, () => settled(null));
  }

  return {
    offer(fix) {
      waiting = fix;
      pump();
    },
    resume: pump,
    clear() {
      waiting = null;
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}

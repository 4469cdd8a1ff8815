import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { AppError, ErrorCode } from '@meeet/core/api/errors';
import { clientEventSchemas, type Ack, type ClientToServerEvents } from '@meeet/core/api/realtime';
import { isMessageKey } from '@meeet/core/i18n/messages';
import { translate } from '@meeet/core/i18n/translate';
import { busyError, isDatabaseBusy } from '../../db/busy.ts';
import type { SlicedQueue } from '../../lib/sliced-queue.ts';
import { emitEncoded, holdWrites, type RealtimeSocket } from '../../plugins/socket.ts';
import { ANSWERED_OK, noAnswer, onFrameEvent } from '../../plugins/socket-frames.ts';
import type { AuthContext, SessionsService } from '../users/sessions.service.ts';
import type { ChatService } from './chat.service.ts';
import type { MapService } from './map.service.ts';

type EventName = keyof ClientToServerEvents;
type Payload<E extends EventName> = z.infer<(typeof clientEventSchemas)[E]>;

export interface MeetSocketDeps {
  map: MapService;
  chat: ChatService;
  sessions: SessionsService;
  log: FastifyBaseLogger;
  /**
   * Where positions wait for their turn: bulk work, taken in slices between the loop's other
   * work (see sliced-queue.ts), so chat, timers and pings wait a slice, not a turn's batch.
   */
  positions: SlicedQueue;
}

function fieldText(locale: string, message: string): string {
  return isMessageKey(message) ? translate(locale, message) : message;
}

/** The acknowledgement of a refusal, in the user's language; the socket stays connected. */
export function refusal(failure: unknown, locale: string, log: FastifyBaseLogger): Ack {
  let error = failure;
  if (isDatabaseBusy(failure)) {
    log.warn({ err: failure }, 'no database connection in time');
    error = busyError();
  }
  if (error instanceof AppError) {
    return {
      ok: false,
      code: error.code,
      message: translate(locale, error.messageKey, error.params),
      ...(error.fields
        ? {
            fields: Object.fromEntries(
              Object.entries(error.fields).map(([k, v]) => [k, fieldText(locale, v)]),
            ),
          }
        : {}),
    };
  }
  log.error({ err: error }, 'meet socket event failed');
  return {
    ok: false,
    code: ErrorCode.INTERNAL_ERROR,
    message: translate(locale, `error.${ErrorCode.INTERNAL_ERROR}`),
  };
}

function tooOften(): AppError {
  return new AppError(ErrorCode.RATE_LIMITED, { messageKey: 'meet.position-too-often' });
}

function invalid(error: z.ZodError, locale: string): Ack {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    fields[issue.path.join('.') || '_'] ??= fieldText(locale, issue.message);
  }
  return {
    ok: false,
    code: ErrorCode.VALIDATION_ERROR,
    message: translate(locale, `error.${ErrorCode.VALIDATION_ERROR}`),
    fields,
  };
}

/**
 * The meet events of one socket. Every event validates its payload with the contract's schema
 * and answers through its acknowledgement; nothing changes on a bad payload.
 */
export function attachMeetSocket(socket: RealtimeSocket, deps: MeetSocketDeps): void {
  const { userId, sessionId } = socket.data;
  let locale = 'en';
  // The row is read again where its facts matter (raising a hand); this copy gives the language.
  const authPromise: Promise<AuthContext | null> =
    userId === null || sessionId === null
      ? Promise.resolve(null)
      : deps.sessions.userOf(userId).then((user) => {
          if (user) locale = user.locale;
          return user ? { user, sessionId } : null;
        });
  /** The socket's user once known: events after the first need not wait a microtask for it. */
  let knownAuth: AuthContext | null | undefined;
  // A failed read is each event's to answer (it awaits the promise); here it is only noted.
  authPromise.then(
    (auth) => (knownAuth = auth),
    () => undefined,
  );

  function handle<E extends EventName>(
    event: E,
    run: (auth: AuthContext, payload: Payload<E>, receivedAt: number) => Promise<object | void>,
    queue?: { jobs: SlicedQueue; arrived: (at: number) => void },
  ): void {
    const work = (read: () => unknown, reply: (answer: Ack) => void, receivedAt: number) => {
      // A position's answer and the map diff it may bring leave in one write. Only there: an
      // event waiting on the database would hold everything else the socket is sent, pings too.
      const release = event === 'position' ? holdWrites(socket) : () => {};
      void (async () => {
        try {
          const auth = knownAuth !== undefined ? knownAuth : await authPromise;
          if (!auth)
            throw new AppError(ErrorCode.UNAUTHORIZED, { messageKey: 'error.TOKEN_INVALID' });
          const parsed = clientEventSchemas[event].safeParse(read());
          if (!parsed.success) return reply(invalid(parsed.error, locale));
          const result = await run(auth, parsed.data as Payload<E>, receivedAt);
          reply(result ? { ok: true, ...result } : ANSWERED_OK);
        } catch (error) {
          reply(refusal(error, locale, deps.log));
        } finally {
          release();
        }
      })();
    };
    let waiting = false;
    const listen = (read: () => unknown, reply: (answer: Ack) => void) => {
      const receivedAt = Date.now();
      if (!queue) return work(read, reply, receivedAt);
      // One event of a socket waits at most: a client that sends faster than the server takes
      // them is told so at once, and the queue holds no more than a job per socket.
      if (waiting) return reply(refusal(tooOften(), locale, deps.log));
      waiting = true;
      queue.arrived(receivedAt);
      queue.jobs.push(() => {
        waiting = false;
        if (socket.connected) work(read, reply, receivedAt);
      });
    };
    (socket.on as (name: string, fn: (payload: unknown, ack: unknown) => void) => void)(
      event,
      (payload, ack) =>
        listen(
          () => payload,
          typeof ack === 'function' ? (ack as (answer: Ack) => void) : noAnswer,
        ),
    );
    // Queued events come often: read from the frame, decoded in their slice (see onFrameEvent).
    if (queue) onFrameEvent(socket, event, listen);
  }

  const { map, chat } = deps;
  if (userId !== null) {
    map.connected(userId);
    socket.on('disconnect', () => map.disconnected(userId, socket.id));
  }

  handle('hand:raise', async (auth, payload) => {
    const user = await deps.sessions.userOf(auth.user.id);
    if (!user) throw new AppError(ErrorCode.UNAUTHORIZED, { messageKey: 'error.TOKEN_INVALID' });
    return { hand: await map.raise(user, payload.mood) };
  });
  handle('hand:lower', async (auth) => {
    await map.drop(auth.user.id, 'lowered');
  });
  handle('hand:ghost', async (auth, payload) => ({
    hand: await map.setGhost(auth.user.id, payload.ghost),
  }));
  handle(
    'position',
    (auth, payload, receivedAt) => map.position(auth.user.id, payload, socket.id, receivedAt),
    { jobs: deps.positions, arrived: (at) => map.positionArrived(socket.id, at) },
  );
  handle('map:watch', (auth, payload) =>
    map.watch(socket.id, auth.user.id, payload, (diff) => emitEncoded(socket, 'map:diff', diff)),
  );
  handle('map:unwatch', () => {
    map.unwatch(socket.id);
    return Promise.resolve();
  });
  handle('chat:typing', (auth, payload) => chat.typing(auth, payload.userId));
}

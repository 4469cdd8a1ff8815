/**
 * The realtime seam: every client event of every socket is read, budgeted, validated and
 * answered here, so a module only says what an event does (`app.realtime.on`).
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { AppError, ErrorCode } from '@meeet/core/api/errors';
import { clientEventSchemas, type Ack, type ClientEventName } from '@meeet/core/api/realtime';
import { isMessageKey } from '@meeet/core/i18n/messages';
import { translate } from '@meeet/core/i18n/translate';
import { busyError, isDatabaseBusy } from '../db/busy.ts';
import type { AuthContext, SessionsService } from '../modules/users/sessions.service.ts';
import {
  EVENT_BUDGETS,
  fullBucket,
  hasToken,
  takeToken,
  UNKNOWN_EVENT_RATE,
  UserBudgets,
  type Bucket,
  type EventBudgets,
  type Rate,
  type UserBuckets,
} from './realtime-budgets.ts';
import { isRedisUnavailable, recordRedisFailure } from './redis.ts';
import type { RealtimeSocket } from './socket.ts';
import { MALFORMED_PAYLOAD } from './socket-parser.ts';

export type ClientPayload<E extends ClientEventName> = z.infer<(typeof clientEventSchemas)[E]>;

/** What an event does once it is admitted and valid: its answer's fields, or nothing. */
export type EventHandler<E extends ClientEventName> = (
  auth: AuthContext,
  payload: ClientPayload<E>,
  receivedAt: number,
) => Promise<object | void>;

type Reply = (answer: Ack) => void;

/** The reply of an event sent without an acknowledgement. */
function noAnswer(): void {}

/** The acknowledgement of an event with nothing more to say. */
const ANSWERED_OK = Object.freeze({ ok: true as const });

/** The bucket key of events no listener knows. */
const UNKNOWN = '*unknown';

/** What the seam keeps per socket. */
interface SocketContext {
  auth: Promise<AuthContext | null>;
  /** The socket's user once read: events after the first need not wait a microtask for it. */
  known: AuthContext | null | undefined;
  locale: string;
  /** The event names a module listens to on this socket; any other is unknown. */
  names: Set<string>;
  buckets: Map<string, Bucket>;
  user: UserBuckets | null;
  inFlight: Set<string>;
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
  if (isRedisUnavailable(failure)) {
    recordRedisFailure(log, 'socket event', failure);
    error = new AppError(ErrorCode.SERVICE_UNAVAILABLE);
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
  log.error({ err: error }, 'socket event failed');
  return {
    ok: false,
    code: ErrorCode.INTERNAL_ERROR,
    message: translate(locale, `error.${ErrorCode.INTERNAL_ERROR}`),
  };
}

function invalid(error: z.ZodError, locale: string): Ack {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    fields[issue.path.join('.') || '_'] ??= fieldText(locale, issue.message);
  }
  return validationError(locale, fields);
}

function validationError(locale: string, fields: Record<string, string>): Ack {
  return {
    ok: false,
    code: ErrorCode.VALIDATION_ERROR,
    message: translate(locale, `error.${ErrorCode.VALIDATION_ERROR}`),
    fields,
  };
}

function tooOften(locale: string): Ack {
  return {
    ok: false,
    code: ErrorCode.RATE_LIMITED,
    message: translate(locale, 'realtime.too-often'),
  };
}

/**
 * An event's payload and acknowledgement, whatever the count of its arguments: Socket.IO puts
 * the acknowledgement last, so an event sent with none but an acknowledgement has it first.
 * An absent payload is `undefined` (JSON cannot send one).
 */
export function argumentsOf(args: readonly unknown[]): { payload: unknown; reply: Reply } {
  const last = args.at(-1);
  if (typeof last === 'function') {
    return { payload: args.length > 1 ? args[0] : undefined, reply: last as Reply };
  }
  return { payload: args[0], reply: noAnswer };
}

export interface RealtimeEventsDeps {
  sessions: Pick<SessionsService, 'userOf'>;
  log: FastifyBaseLogger;
  budgets?: EventBudgets;
  now?: () => number;
}

/**
 * Every client event goes through `on`: its payload and acknowledgement read whatever the
 * arguments, a token from the socket's and the user's bucket (`RATE_LIMITED` past either), at
 * most one in flight per socket for the events that wait on storage, the contract's schema
 * (`VALIDATION_ERROR` with the fields), the handler, and one answer in the user's language.
 * An event no module listens to is answered `VALIDATION_ERROR` too. The socket stays up.
 */
export class RealtimeEvents {
  private readonly contexts = new WeakMap<RealtimeSocket, SocketContext>();
  private readonly budgets: EventBudgets;
  private readonly users: UserBudgets;
  private readonly now: () => number;

  constructor(private readonly deps: RealtimeEventsDeps) {
    this.budgets = deps.budgets ?? EVENT_BUDGETS;
    this.now = deps.now ?? Date.now;
    this.users = new UserBudgets((key) => this.userRateOf(key), this.now);
  }

  close(): void {
    this.users.close();
  }

  private userRateOf(key: string): Rate {
    return key === UNKNOWN ? UNKNOWN_EVENT_RATE : this.budgets[key as ClientEventName].user;
  }

  /** Starts the socket's context: its user's read, its buckets, the unknown events' answer. */
  attach(socket: RealtimeSocket): void {
    this.contextOf(socket);
  }

  private contextOf(socket: RealtimeSocket): SocketContext {
    const existing = this.contexts.get(socket);
    if (existing) return existing;
    const { userId, sessionId } = socket.data;
    const auth: Promise<AuthContext | null> =
      userId === null || sessionId === null
        ? Promise.resolve(null)
        : this.deps.sessions.userOf(userId).then((user) => (user ? { user, sessionId } : null));
    const user = userId === null ? null : this.users.opened(userId);
    const created: SocketContext = {
      auth,
      known: undefined,
      locale: 'en',
      names: new Set(),
      buckets: new Map(),
      user,
      inFlight: new Set(),
    };
    this.contexts.set(socket, created);
    // Runs before any event's own wait on the read, so its answer is in the user's language.
    // A failed read is each event's to answer (it awaits the promise); here it is only noted.
    auth.then(
      (known) => {
        created.known = known;
        if (known) created.locale = known.user.locale;
      },
      () => undefined,
    );
    if (user) socket.on('disconnect', () => this.users.closed(user));
    socket.onAny((name: unknown, ...args: unknown[]) => {
      if (typeof name === 'string' && created.names.has(name)) return;
      this.unknown(created, args);
    });
    return created;
  }

  /**
   * Answers with what `answer` writes in the user's language: at once when the user is known,
   * else once their row is read (the socket's first events may come before).
   */
  private refuse(context: SocketContext, reply: Reply, answer: (locale: string) => Ack): void {
    if (context.known !== undefined) return reply(answer(context.locale));
    const late = () => reply(answer(context.locale));
    context.auth.then(late, late);
  }

  private unknown(context: SocketContext, args: readonly unknown[]): void {
    const { reply } = argumentsOf(args);
    if (!this.admit(context, UNKNOWN, UNKNOWN_EVENT_RATE, UNKNOWN_EVENT_RATE, this.now())) {
      return this.refuse(context, reply, tooOften);
    }
    this.refuse(context, reply, (locale) =>
      validationError(locale, { event: translate(locale, 'realtime.unknown-event') }),
    );
  }

  /** Takes a token from the socket's and the user's bucket of `key`; none if either is empty. */
  private admit(
    context: SocketContext,
    key: string,
    socketRate: Rate,
    userRate: Rate,
    now: number,
  ): boolean {
    let own = context.buckets.get(key);
    if (!own) context.buckets.set(key, (own = fullBucket(socketRate, now)));
    let shared: Bucket | undefined;
    if (context.user) {
      shared = context.user.buckets.get(key);
      if (!shared) context.user.buckets.set(key, (shared = fullBucket(userRate, now)));
    }
    if (!hasToken(own, socketRate, now)) return false;
    if (shared && !hasToken(shared, userRate, now)) return false;
    takeToken(own);
    if (shared) takeToken(shared);
    return true;
  }

  /** Listens to a client event on the socket, through the seam (see the class). */
  on<E extends ClientEventName>(socket: RealtimeSocket, event: E, handler: EventHandler<E>): void {
    const context = this.contextOf(socket);
    context.names.add(event);
    const budget = this.budgets[event];
    const { log } = this.deps;

    const work = async (payload: unknown, reply: Reply, receivedAt: number) => {
      if (budget.oneInFlight) context.inFlight.add(event);
      try {
        const auth = context.known !== undefined ? context.known : await context.auth;
        if (!auth) {
          throw new AppError(ErrorCode.UNAUTHORIZED, { messageKey: 'error.TOKEN_INVALID' });
        }
        if (payload === MALFORMED_PAYLOAD) {
          throw new AppError(ErrorCode.VALIDATION_ERROR, {
            messageKey: 'realtime.payload-malformed',
          });
        }
        if (payload === undefined) {
          return reply(
            validationError(context.locale, {
              _: translate(context.locale, 'realtime.payload-missing'),
            }),
          );
        }
        const parsed = clientEventSchemas[event].safeParse(payload);
        if (!parsed.success) return reply(invalid(parsed.error, context.locale));
        const result = await handler(auth, parsed.data as ClientPayload<E>, receivedAt);
        reply(result ? { ok: true, ...result } : ANSWERED_OK);
      } catch (error) {
        reply(refusal(error, context.locale, log));
      } finally {
        if (budget.oneInFlight) context.inFlight.delete(event);
      }
    };

    (socket.on as (name: string, listener: (...args: unknown[]) => void) => void)(
      event,
      (...args) => {
        const { payload, reply } = argumentsOf(args);
        const receivedAt = this.now();
        if (
          (budget.oneInFlight && context.inFlight.has(event)) ||
          !this.admit(context, event, budget.socket, budget.user, receivedAt)
        ) {
          return this.refuse(context, reply, tooOften);
        }
        void work(payload, reply, receivedAt);
      },
    );
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The realtime seam: every client event of every socket goes through it. */
    realtime: RealtimeEvents;
  }
}

export interface RealtimeEventsPluginOptions {
  /** Tests: budgets other than the app's (a test that sends many watches on purpose). */
  budgets?: EventBudgets;
}

async function realtimeEvents(
  app: FastifyInstance,
  options: RealtimeEventsPluginOptions,
): Promise<void> {
  const seam = new RealtimeEvents({
    sessions: app.sessions,
    log: app.log,
    ...(options.budgets ? { budgets: options.budgets } : {}),
  });
  app.decorate('realtime', seam);
  // Every socket, so one that no module listens on still answers unknown events.
  app.io.on('connection', (socket) => seam.attach(socket));
  app.addHook('onClose', async () => seam.close());
}

export const realtimeEventsPlugin = fp(realtimeEvents, {
  name: 'realtime-events',
  dependencies: ['auth', 'socket'],
});

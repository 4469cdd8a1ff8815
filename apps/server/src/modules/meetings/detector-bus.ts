import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError, ErrorCode } from '@meeet/core/api/errors';
import type { ErrorParam } from '@meeet/core/i18n/params';
import { recordRedisFailure, subscriberOf } from '../../plugins/redis.ts';

const LEADER_CHANNEL = 'meeet:meetings:leader';
const REPLY_PREFIX = 'meeet:meetings:reply:';
/** How often a call is offered again while no process leads (a handover). */
const NO_LEADER_RETRY_MS = 100;

/** An error as it crosses to the calling process: an AppError keeps its code and message. */
type WireError =
  | {
      app: {
        code: ErrorCode;
        messageKey: string;
        params?: Readonly<Record<string, ErrorParam>>;
        fields?: Record<string, string>;
        details?: Record<string, string>;
        retryAfterSeconds?: number;
      };
    }
  | { message: string };

interface Request {
  id: string;
  from: string;
  call: unknown;
}

type Reply =
  { id: string; ok: true; result: unknown } | { id: string; ok: false; error: WireError };

function toWire(error: unknown): WireError {
  if (error instanceof AppError) {
    return {
      app: {
        code: error.code,
        messageKey: error.messageKey,
        ...(error.params ? { params: error.params } : {}),
        ...(error.fields ? { fields: error.fields } : {}),
        ...(error.details ? { details: error.details } : {}),
        ...(error.retryAfterSeconds !== undefined
          ? { retryAfterSeconds: error.retryAfterSeconds }
          : {}),
      },
    };
  }
  return { message: error instanceof Error ? error.message : String(error) };
}

function fromWire(error: WireError): Error {
  if ('app' in error) {
    const { code, ...options } = error.app;
    return new AppError(code, options);
  }
  return new Error(`meetings leader: ${error.message}`);
}

function noLeader(): AppError {
  return new AppError(ErrorCode.SERVICE_UNAVAILABLE, {
    messageKey: 'meetings.leader-unavailable',
    retryAfterSeconds: 2,
  });
}

/**
 * Carries the meetings service's detector calls (pings, a started or ended meeting, progress
 * reads) from any server process to the one that runs the detector — the leader — over Redis
 * pub/sub, and the answer back. Only the leader subscribes to the leader channel, so PUBLISH
 * answering 0 receivers means nobody leads at this moment (a handover): the call is offered
 * again every 100 ms until `timeoutMs`, then refused with 503 and a Retry-After. Each process
 * hears its answers on a channel of its own.
 */
export class DetectorBus {
  private readonly processId = randomUUID();
  private readonly subscriber: Redis;
  private readonly pending = new Map<
    string,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  private serving: ((call: unknown) => Promise<unknown>) | null = null;
  private sequence = 0;

  constructor(
    private readonly redis: Redis,
    private readonly options: { timeoutMs: number; log: FastifyBaseLogger },
  ) {
    this.subscriber = subscriberOf(redis);
    this.subscriber.on('error', (error) =>
      options.log.warn({ err: error }, 'meetings: bus subscriber error'),
    );
    this.subscriber.on('message', (channel: string, message: string) =>
      this.received(channel, message),
    );
  }

  private get replyChannel(): string {
    return `${REPLY_PREFIX}${this.processId}`;
  }

  /** Listens for this process's answers; resolve before serving requests. */
  async start(): Promise<void> {
    if (this.subscriber.status === 'wait') await this.subscriber.connect();
    await this.subscriber.subscribe(this.replyChannel);
  }

  /** This process leads: calls from every process reach `handler` from now on. */
  async lead(handler: (call: unknown) => Promise<unknown>): Promise<void> {
    this.serving = handler;
    await this.subscriber.subscribe(LEADER_CHANNEL);
  }

  async stepDown(): Promise<void> {
    this.serving = null;
    await this.subscriber.unsubscribe(LEADER_CHANNEL).catch(() => undefined);
  }

  /** Runs `call` on the leader and answers its result (or its refusal). */
  async request<T>(call: unknown): Promise<T> {
    const id = `${++this.sequence}`;
    const message = JSON.stringify({ id, from: this.processId, call } satisfies Request);
    const deadline = Date.now() + this.options.timeoutMs;
    let timer: NodeJS.Timeout | undefined;
    const answer = new Promise<unknown>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
    });
    try {
      for (;;) {
        if ((await this.redis.publish(LEADER_CHANNEL, message)) > 0) break;
        if (Date.now() >= deadline) throw noLeader();
        await new Promise((resolve) => setTimeout(resolve, NO_LEADER_RETRY_MS));
      }
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(noLeader()), Math.max(0, deadline - Date.now()));
      });
      return (await Promise.race([answer, timeout])) as T;
    } finally {
      clearTimeout(timer);
      this.pending.delete(id);
    }
  }

  private received(channel: string, message: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(message);
    } catch (error) {
      this.options.log.warn({ err: error, channel }, 'meetings: unreadable bus message');
      return;
    }
    if (channel === LEADER_CHANNEL) {
      const serving = this.serving;
      if (!serving) return;
      const request = parsed as Request;
      void serving(request.call).then(
        (result) => this.reply(request.from, { id: request.id, ok: true, result: result ?? null }),
        (error: unknown) => {
          if (!(error instanceof AppError)) {
            this.options.log.error({ err: error }, 'meetings: a forwarded call failed');
          }
          return this.reply(request.from, { id: request.id, ok: false, error: toWire(error) });
        },
      );
      return;
    }
    if (channel !== this.replyChannel) return;
    const reply = parsed as Reply;
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if (reply.ok) waiting.resolve(reply.result);
    else waiting.reject(fromWire(reply.error));
  }

  private async reply(to: string, reply: Reply): Promise<void> {
    await this.redis
      .publish(`${REPLY_PREFIX}${to}`, JSON.stringify(reply))
      .catch((error: unknown) => recordRedisFailure(this.options.log, 'meetings reply', error));
  }

  async close(): Promise<void> {
    this.serving = null;
    for (const waiting of this.pending.values()) waiting.reject(noLeader());
    this.pending.clear();
    await this.subscriber.quit().catch(() => this.subscriber.disconnect());
  }
}

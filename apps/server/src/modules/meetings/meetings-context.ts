import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { AppError, ErrorCode } from '@meeet/core/api/errors';
import type { MeetingProgress, meetingPingSchema } from '@meeet/core/api/meetings';
import { nftTypeName, type NftType } from '@meeet/core/enums';
import type { Database } from '../../db/client.ts';
import type { MeetingsConfig } from '../../config.ts';
import type { ChainRuntime } from '../../plugins/chain.ts';
import type { RealtimeServer } from '../../plugins/socket.ts';
import type { JobQueue } from '../jobs/jobs.service.ts';
import type { MarketService } from '../market/market.service.ts';
import type { PushNotifier } from '../push/push.service.ts';
import type { SessionsService } from '../users/sessions.service.ts';
import type { DetectorBus } from './detector-bus.ts';
import type { MeetingEvents } from './meetings-events.ts';
import type { MeetingsStore } from './meetings-store.ts';
import type { MintRulesDeps } from './mint-rules.ts';

/** What the meetings service's parts share: its dependencies, its clock, the levels held. */

export const MINT_JOB = 'meetings.mint';
export type MeetingPingParsed = z.infer<typeof meetingPingSchema>;
/** A technical mint failure is recorded up to this length. */
export const MINT_ERROR_MAX = 500;

/**
 * What only the detector's process (the leader) can answer: calls carried by the bus when
 * another process leads. Results are plain JSON.
 */
export type DetectorCall =
  | { op: 'ping'; userId: number; fingerprint: string | null; ping: MeetingPingParsed }
  | { op: 'levels'; userId: number; levels: NftType[] }
  | { op: 'track'; meetingId: number }
  | { op: 'end'; meetingId: number; viewerId: number }
  | { op: 'progress'; meetingId: number };

export type PingAnswer = { progress: MeetingProgress | null; candidates: number[] };

export interface MeetingsServiceDeps {
  db: Database;
  config: MeetingsConfig;
  /** Pings less accurate than this are refused (the meet module's bound). */
  maxAccuracyM: number;
  secret: string;
  chain: ChainRuntime;
  market: MarketService;
  sessions: SessionsService;
  events: MeetingEvents;
  jobs: JobQueue;
  /** Proximity tokens, handshake halves, counted minutes: in process, or shared in Redis. */
  store: MeetingsStore;
  /**
   * With several processes (Redis): carries detector calls to the leader, the one process
   * that scores. Null: this process scores everything itself.
   */
  bus: DetectorBus | null;
  io: RealtimeServer;
  /** Outcomes reach a phone whose app is closed. */
  push?: PushNotifier;
  log: FastifyBaseLogger;
  now?: () => number;
  /** Tests: runs after the mint was sent and before it is recorded (a crash there). */
  afterMintSent?: (meetingId: number) => void | Promise<void>;
}

export interface MeetingsContext {
  deps: MeetingsServiceDeps;
  now: () => number;
  /** The token levels a user holds now; none when the chain cannot answer. */
  levelsOf(userId: number): Promise<NftType[]>;
  /** What the mint rules read, at this moment. */
  rulesDeps(): MintRulesDeps;
}

export function meetingsContext(deps: MeetingsServiceDeps): MeetingsContext {
  const now = deps.now ?? (() => Date.now());
  const levelsOf = (userId: number): Promise<NftType[]> =>
    deps.market.levelsHeld(userId).catch((error: unknown) => {
      deps.log.warn({ err: error, userId }, 'token levels unavailable');
      return [];
    });
  return {
    deps,
    now,
    levelsOf,
    rulesDeps: () => ({
      sessions: deps.sessions,
      levelsOf,
      firstMintDelayMs: deps.config.firstMintDelayMs,
      now: now(),
    }),
  };
}

export function tokenName(level: NftType, id: string): string {
  return `${nftTypeName(level)} #${id}`;
}

export function handshakeRefused(key: string, code: ErrorCode = ErrorCode.CONFLICT): AppError {
  return new AppError(code, { messageKey: key, details: { reason: key.replace('meetings.', '') } });
}

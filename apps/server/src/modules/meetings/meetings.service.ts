import { randomInt } from 'node:crypto';
import { BaseError } from 'viem';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Address } from 'viem';
import { AppError, ErrorCode } from '@meeet/core/api/errors';
import type { PublicCard } from '@meeet/core/api/meet';
import {
  HANDSHAKE_CODE_LENGTH,
  HANDSHAKE_QR_ROTATE_MS,
  type DeviceLock,
  type DeviceLockLift,
  type HandshakeCodeResponse,
  type HandshakeRequest,
  type HandshakeResponse,
  type Meeting,
  type MeetingList,
  type MeetingReason,
  type MeetingsStatus,
  type ModerationMeetingList,
  type ProximityTokensResponse,
  type MeetingProgress,
  type meetingPingSchema,
} from '@meeet/core/api/meetings';
import type { NotificationPayload } from '@meeet/core/api/realtime';
import { KycStatus, nftTypeName, type NftType } from '@meeet/core/enums';
import { isLocale, type Locale } from '@meeet/core/i18n/locale';
import { translate } from '@meeet/core/i18n/translate';
import { Role } from '@meeet/core/roles';
import { deviceLockState } from '@meeet/core/rules/device-lock';
import { isProfileComplete } from '@meeet/core/rules/profile';
import type { Database, DbExecutor } from '../../db/client.ts';
import { assertRole } from '../../lib/access.ts';
import type { ChainRuntime } from '../../plugins/chain.ts';
import type { RealtimeServer } from '../../plugins/socket.ts';
import { userRoom } from '../../plugins/socket.ts';
import type { JobQueue } from '../jobs/jobs.service.ts';
import { assertDistinctPhones } from '../devices/device-rules.ts';
import { kycFacts } from '../kyc/kyc.service.ts';
import type { MarketService } from '../market/market.service.ts';
import type { AuthContext, SessionsService } from '../users/sessions.service.ts';
import { userLocales, type UserRow } from '../users/users.service.ts';
import { recordGenerated } from '../wallet/wallet.service.ts';
import type { MeetingsConfig } from '../../config.ts';
import {
  MeetingDetector,
  type DetectorEvent,
  type DetectorOutcome,
  type MeetingMethod,
} from './detector.ts';
import type { DetectorBus } from './detector-bus.ts';
import {
  findGeneratedMint,
  isTransient,
  mintThroughMarket,
  type GeneratedMint,
} from './meeting-mint.ts';
import type { MeetingEvents } from './meetings-events.ts';
import { meetingsRepository as repo } from './meetings.repository.ts';
import type { MeetingRow } from './meetings.schema.ts';
import type { MeetingsStore } from './meetings-store.ts';
import { parseQr, qrPayload, qrSigned } from './handshake-qr.ts';
import type { PushNotifier } from '../push/push.service.ts';
import { noticePush } from '../push/push.texts.ts';
import {
  cannotMint,
  countAfterDenial,
  mintVerdict,
  type MintRulesDeps,
  type PairMember,
} from './mint-rules.ts';

export const MINT_JOB = 'meetings.mint';
type MeetingPingParsed = z.infer<typeof meetingPingSchema>;
/** Pings whose fix is older than this are refused (a queued background ping is fine). */
const PING_MAX_AGE_MS = 120_000;
const PING_FUTURE_SKEW_MS = 5_000;
const PING_MIN_INTERVAL_MS = 1_000;
/** A technical mint failure is recorded up to this length. */
const MINT_ERROR_MAX = 500;

/**
 * What only the detector's process (the leader) can answer: calls carried by the bus when
 * another process leads. Results are plain JSON.
 */
type DetectorCall =
  | { op: 'ping'; userId: number; fingerprint: string | null; ping: MeetingPingParsed }
  | { op: 'levels'; userId: number; levels: NftType[] }
  | { op: 'track'; meetingId: number }
  | { op: 'end'; meetingId: number; viewerId: number }
  | { op: 'progress'; meetingId: number };

type PingAnswer = { progress: MeetingProgress | null; candidates: number[] };

/** The short technical reason of a failure, as recorded on the meeting. */
function technicalReason(error: unknown): string {
  const text =
    error instanceof BaseError
      ? error.shortMessage
      : error instanceof Error
        ? error.message
        : String(error);
  return text.slice(0, MINT_ERROR_MAX);
}

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

function tokenName(level: NftType, id: string): string {
  return `${nftTypeName(level)} #${id}`;
}

function handshakeRefused(key: string, code: ErrorCode = ErrorCode.CONFLICT): AppError {
  return new AppError(code, { messageKey: key, details: { reason: key.replace('meetings.', '') } });
}

/** How soon a failed resume of the running meetings is tried again. */
const RESUME_RETRY_MS = 5_000;
/**
 * How often the leader looks for running meetings it does not score (one whose start reached
 * no leader during a handover, after the new one had read the database).
 */
const RESYNC_MS = 30_000;

/**
 * Meetings proven by both phones and the minting that follows (issue 12). The detector scores
 * in memory in one process — the leader (every process when there is one, or the holder of the
 * `meeet:meetings` leader lock with Redis); the others carry their users' pings, started and
 * ended meetings to it over the bus. The leader pushes progress and outcomes through the
 * socket rooms, which reach both users on whatever process holds their sockets. This service
 * owns the rows, the rules, the mint and the pushes.
 */
export class MeetingsService {
  /** The leader's detector (an empty one elsewhere). */
  detector: MeetingDetector;
  private readonly now: () => number;
  private readonly members = new Map<number, readonly [number, number]>();
  private readonly lastPing = new Map<number, number>();
  private readonly queues = new Map<number, Promise<unknown>>();
  private timer: NodeJS.Timeout | undefined;
  private resumeRetry: NodeJS.Timeout | undefined;
  /** True while this process scores (it led and took up the running meetings). */
  private leading = false;
  /** Bumped on every lead and step-down: a resume of an older term does nothing. */
  private term = 0;
  /** Meetings ended here so far: a read of the running ones that overlapped one is redone. */
  private ended = 0;

  constructor(private readonly deps: MeetingsServiceDeps) {
    this.now = deps.now ?? (() => Date.now());
    this.detector = this.newDetector();
  }

  private newDetector(): MeetingDetector {
    return new MeetingDetector(this.deps.config, this.now);
  }

  // ---- life cycle ----

  /**
   * Without Redis this process leads at once. With it, it waits for answers from the leader;
   * the server's leader lock calls `lead` and `stepDown` (`src/server.ts`).
   */
  async start(): Promise<void> {
    if (this.deps.bus) await this.deps.bus.start();
    else await this.lead();
  }

  /** Whether this process scores the meetings now. */
  get isLeader(): boolean {
    return this.leading;
  }

  /**
   * Becomes the scoring process: a fresh detector, the timer, and the running meetings of the
   * database with the minutes they counted (saved in the store), then the bus's calls.
   */
  async lead(): Promise<void> {
    const term = ++this.term;
    this.detector = this.newDetector();
    this.members.clear();
    this.lastPing.clear();
    const every = Math.max(10, Math.floor(this.deps.config.minuteMs / 4));
    if (this.timer) clearInterval(this.timer);
    let lastResync = Date.now();
    this.timer = setInterval(() => {
      void this.handle(this.detector.tick());
      if (this.leading && Date.now() - lastResync >= RESYNC_MS) {
        lastResync = Date.now();
        void this.takeUpUntracked(term).catch((error: unknown) =>
          this.deps.log.warn({ err: error }, 'meetings: running meetings not read'),
        );
      }
    }, every);
    this.timer.unref();
    await this.resumeActive(term);
  }

  /** Stops scoring (leadership lost): the next leader resumes from the database and store. */
  async stepDown(): Promise<void> {
    this.term++;
    this.leading = false;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    if (this.resumeRetry) clearTimeout(this.resumeRetry);
    await this.deps.bus?.stepDown();
    await Promise.allSettled([...this.queues.values()]);
    this.detector = this.newDetector();
    this.members.clear();
    this.lastPing.clear();
  }

  /**
   * Picks up the meetings that were running when the last leader stopped. A database that is
   * down at start must not keep the server from starting (readiness reports it): retried until
   * read.
   */
  private async resumeActive(term: number): Promise<void> {
    try {
      await this.takeUpUntracked(term);
      if (term !== this.term) return;
      this.leading = true;
      await this.deps.bus?.lead((call) => this.serve(call as DetectorCall));
    } catch (error) {
      if (term !== this.term) return;
      this.deps.log.warn({ err: error }, 'meetings: running meetings not resumed yet, retrying');
      this.resumeRetry = setTimeout(() => void this.resumeActive(term), RESUME_RETRY_MS);
      this.resumeRetry.unref();
    }
  }

  /**
   * Scores the running meetings of the database this detector does not have yet, with the
   * minutes saved for them. A meeting leaves `members` only after its end is committed, so
   * one being finished is never taken up again.
   */
  private async takeUpUntracked(term: number): Promise<void> {
    const endedBefore = this.ended;
    const rows = (await repo.allActive(this.deps.db)).filter((row) => !this.members.has(row.id));
    // A meeting that ended while the rows were read may be among them: the next round reads again.
    if (rows.length === 0 || this.ended !== endedBefore) return;
    const scores = await this.deps.store.loadScores(rows.map((row) => row.id));
    if (term !== this.term || this.ended !== endedBefore) return;
    for (const row of rows) {
      if (!this.members.has(row.id)) this.track(row, scores.get(row.id));
    }
  }

  async close(): Promise<void> {
    this.term++;
    this.leading = false;
    if (this.timer) clearInterval(this.timer);
    if (this.resumeRetry) clearTimeout(this.resumeRetry);
    await Promise.allSettled([...this.queues.values()]);
    await this.deps.bus?.close();
    await this.deps.store.close();
  }

  private track(row: MeetingRow, counted: readonly number[] = []): void {
    this.members.set(row.id, [row.userA, row.userB]);
    this.detector.start(
      row.id,
      row.method,
      { userId: row.userA, device: row.deviceA },
      { userId: row.userB, device: row.deviceB },
      row.startedAt.getTime(),
      counted,
    );
  }

  /**
   * Runs a detector call where the detector is: here when this process leads (or runs alone),
   * else on the leader through the bus.
   */
  private onLeader<T>(call: DetectorCall): Promise<T> {
    if (this.leading || !this.deps.bus) return this.serve(call) as Promise<T>;
    return this.deps.bus.request<T>(call);
  }

  /** The leader's side of a detector call. */
  private async serve(call: DetectorCall): Promise<unknown> {
    switch (call.op) {
      case 'ping':
        return this.scorePing(call.userId, call.fingerprint, call.ping);
      case 'levels':
        this.detector.setLevels(call.userId, call.levels);
        return null;
      case 'track': {
        if (this.members.has(call.meetingId)) return null;
        const row = await repo.find(this.deps.db, call.meetingId);
        if (row?.status === 'active') this.trackStarted(row);
        return null;
      }
      case 'end':
        return this.endHere(call.meetingId, call.viewerId);
      case 'progress':
        return this.detector.progress(call.meetingId);
    }
  }

  /** The leader starts scoring a meeting that just started, with both members' levels. */
  private trackStarted(row: MeetingRow): void {
    this.track(row);
    void Promise.all(
      [row.userA, row.userB].map(async (userId) => {
        this.detector.setLevels(userId, await this.levelsOf(userId));
      }),
    ).catch(() => undefined);
  }

  /** Runs `work` after every earlier piece of work of the same meeting. */
  private serial<T>(meetingId: number, work: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(meetingId) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.catch(() => undefined);
    this.queues.set(meetingId, settled);
    void settled.then(() => {
      if (this.queues.get(meetingId) === settled) this.queues.delete(meetingId);
    });
    return next;
  }

  // ---- proximity tokens ----

  async proximityTokens(
    auth: AuthContext,
    fingerprint: string | null,
  ): Promise<ProximityTokensResponse> {
    const levels = await this.levelsOf(auth.user.id);
    // The candidate index learns the levels; tokens do not wait for it.
    void this.onLeader({ op: 'levels', userId: auth.user.id, levels }).catch((error: unknown) =>
      this.deps.log.warn({ err: error }, 'meetings: levels not passed to the leader'),
    );
    return {
      tokens: await this.deps.store.issueTokens(
        auth.user.id,
        auth.sessionId,
        fingerprint,
        this.now(),
      ),
      rotateSeconds: Math.round(this.deps.config.tokenRotateMs / 1000),
      handshakeKey: this.deps.store.handshakeKey(auth.sessionId),
    };
  }

  // ---- handshakes ----

  private assertCanMeet(user: UserRow): void {
    if (!user.emailVerified || !isProfileComplete(user)) {
      throw new AppError(ErrorCode.CONDITIONS_NOT_MET, {
        messageKey: 'meetings.profile-incomplete',
      });
    }
  }

  async handshakeCode(
    auth: AuthContext,
    fingerprint: string | null,
  ): Promise<HandshakeCodeResponse> {
    this.assertCanMeet(auth.user);
    const userId = auth.user.id;
    const { db } = this.deps;
    const active = await repo.activeOf(db, userId);
    await repo.clearCodes(db, userId);
    const expiresAt = new Date(this.now() + this.deps.config.codeTtlMs);
    for (let attempt = 0; attempt < 20; attempt++) {
      const code = String(randomInt(0, 10 ** HANDSHAKE_CODE_LENGTH)).padStart(
        HANDSHAKE_CODE_LENGTH,
        '0',
      );
      const row = await repo.insertCode(db, {
        code,
        issuerId: userId,
        issuerDevice: fingerprint,
        phase: active ? 'end' : 'start',
        meetingId: active?.id ?? null,
        expiresAt,
      });
      if (!row) continue;
      return {
        phase: row.phase,
        code,
        qr: qrPayload(this.deps.secret, code, row.expiresAt),
        meetingId: row.meetingId,
        expiresAt: row.expiresAt.getTime(),
        rotateAt: Math.min(row.expiresAt.getTime(), this.now() + HANDSHAKE_QR_ROTATE_MS),
      };
    }
    throw new AppError(ErrorCode.SERVICE_UNAVAILABLE);
  }

  async handshake(
    auth: AuthContext,
    fingerprint: string | null,
    body: HandshakeRequest,
    locale: Locale = 'en',
  ): Promise<HandshakeResponse> {
    this.assertCanMeet(auth.user);
    if (body.method === 'ble') return this.bleHandshake(auth, fingerprint, body, locale);
    const scanned = body.method === 'qr' ? parseQr(body.payload) : null;
    if (body.method === 'qr' && !scanned) {
      throw handshakeRefused('meetings.qr-invalid', ErrorCode.INVALID_CODE);
    }
    const code = scanned?.code ?? (body.method === 'code' ? body.code : '');
    const me = auth.user.id;
    const outcome = await this.deps.db.transaction(
      async (
        tx,
      ): Promise<
        | { phase: 'start' | 'end'; row: MeetingRow }
        | { phase: 'refused'; partnerId: number; reasons: MeetingReason[] }
      > => {
        const hs = await repo.takeCode(tx, code);
        if (!hs) {
          throw handshakeRefused(
            body.method === 'qr' ? 'meetings.qr-invalid' : 'meetings.code-invalid',
            ErrorCode.INVALID_CODE,
          );
        }
        if (scanned && !qrSigned(this.deps.secret, scanned, hs.expiresAt)) {
          throw handshakeRefused('meetings.qr-invalid', ErrorCode.INVALID_CODE);
        }
        if (hs.issuerId === me) throw handshakeRefused('meetings.code-own');
        if (hs.phase === 'start') {
          const pair = [
            { userId: hs.issuerId, device: hs.issuerDevice },
            { userId: me, device: fingerprint },
          ] as const;
          // One attested phone is its own refusal (SAME_DEVICE); then every mint rule. The code
          // is used up either way: the issuer's screen hears the refusal.
          assertDistinctPhones(pair[0].device, pair[1].device);
          const reasons = await this.preflight(tx, pair);
          if (reasons.length > 0) return { phase: 'refused', partnerId: hs.issuerId, reasons };
          const row = await this.insertMeeting(tx, 'code', [pair[0], pair[1]]);
          return { phase: 'start', row };
        }
        const meeting = hs.meetingId === null ? undefined : await repo.lock(tx, hs.meetingId);
        if (!meeting || meeting.status !== 'active') throw handshakeRefused('meetings.no-active');
        if (meeting.userA !== me && meeting.userB !== me) {
          throw handshakeRefused('meetings.other-meeting');
        }
        return { phase: 'end', row: meeting };
      },
    );
    if (outcome.phase === 'refused') {
      return this.refuseProposal(me, outcome.partnerId, outcome.reasons, locale);
    }
    if (outcome.phase === 'start') return { meeting: await this.started(outcome.row, me) };
    return { meeting: await this.endByHandshake(outcome.row.id, me) };
  }

  private async bleHandshake(
    auth: AuthContext,
    fingerprint: string | null,
    body: Extract<HandshakeRequest, { method: 'ble' }>,
    locale: Locale,
  ): Promise<HandshakeResponse> {
    const me = auth.user.id;
    const now = this.now();
    const { store } = this.deps;
    const partner = (await store.resolveTokens([body.partnerToken], now)).get(body.partnerToken);
    if (partner === undefined) {
      throw handshakeRefused('meetings.token-unknown', ErrorCode.INVALID_CODE);
    }
    if (partner === me) throw handshakeRefused('meetings.not-yourself');
    if (
      !(await store.verifyProof(auth.sessionId, body.phase, body.partnerToken, body.proof, now))
    ) {
      throw handshakeRefused('meetings.proof-invalid', ErrorCode.INVALID_CODE);
    }
    if (body.phase === 'start') {
      const reasons = await this.preflight(this.deps.db, [
        { userId: partner, device: null },
        { userId: me, device: fingerprint },
      ]);
      if (reasons.length > 0) await this.refuseProposal(me, partner, reasons, locale);
    }
    const key = `${body.phase}:${Math.min(me, partner)}:${Math.max(me, partner)}`;
    const half = await store.matchHalf(
      key,
      { userId: me, device: fingerprint, at: now },
      this.deps.config.codeTtlMs,
    );
    if (!half) return { meeting: null };
    if (body.phase === 'start') {
      const row = await this.deps.db.transaction((tx) =>
        this.insertMeeting(tx, 'ble', [
          { userId: partner, device: half.device },
          { userId: me, device: fingerprint },
        ]),
      );
      return { meeting: await this.started(row, me) };
    }
    const active = await repo.activeOf(this.deps.db, me);
    if (!active || (active.userA !== partner && active.userB !== partner)) {
      throw handshakeRefused('meetings.no-active');
    }
    return { meeting: await this.endByHandshake(active.id, me) };
  }

  private async insertMeeting(
    tx: DbExecutor,
    method: MeetingMethod,
    [issuer, accepter]: [
      { userId: number; device: string | null },
      { userId: number; device: string | null },
    ],
  ): Promise<MeetingRow> {
    assertDistinctPhones(issuer.device, accepter.device);
    await repo.lockUsers(tx, [issuer.userId, accepter.userId]);
    if (await repo.activeOf(tx, accepter.userId)) throw handshakeRefused('meetings.already-active');
    if (await repo.activeOf(tx, issuer.userId)) throw handshakeRefused('meetings.partner-busy');
    const [a, b] = issuer.userId < accepter.userId ? [issuer, accepter] : [accepter, issuer];
    return repo.insert(tx, {
      userA: a.userId,
      userB: b.userId,
      method,
      deviceA: a.device,
      deviceB: b.device,
      startedAt: new Date(this.now()),
    });
  }

  private async started(row: MeetingRow, viewerId: number): Promise<Meeting> {
    if (this.leading || !this.deps.bus) this.trackStarted(row);
    else {
      // The leader reads the row itself. Should it be away (a handover), the next leader takes
      // the meeting up from the database with the others.
      await this.onLeader({ op: 'track', meetingId: row.id }).catch((error: unknown) =>
        this.deps.log.warn({ err: error, meetingId: row.id }, 'meetings: start not passed on'),
      );
    }
    const [viewA, viewB] = await Promise.all([
      this.view(row, row.userA),
      this.view(row, row.userB),
    ]);
    this.deps.io.to(userRoom(row.userA)).emit('meeting:started', viewA);
    this.deps.io.to(userRoom(row.userB)).emit('meeting:started', viewB);
    await this.notify(row, 'meetings.started', {
      needed: this.deps.config.minMinutes,
      minutes: this.deps.config.windowMinutes,
    });
    return viewerId === row.userA ? viewA : viewB;
  }

  private endByHandshake(meetingId: number, viewerId: number): Promise<Meeting> {
    return this.onLeader<Meeting>({ op: 'end', meetingId, viewerId });
  }

  /** The end handshake on the leader: the detector decides, the row records. */
  private async endHere(meetingId: number, viewerId: number): Promise<Meeting> {
    const event = this.detector.end(meetingId) ?? {
      type: 'failed' as const,
      meetingId,
      reason: 'ended-early' as const,
      minutesCounted: 0,
    };
    const row = await this.serial(meetingId, () => this.finish(event));
    const current = row ?? (await repo.find(this.deps.db, meetingId));
    if (!current) throw new AppError(ErrorCode.NOT_FOUND);
    return this.view(current, viewerId);
  }

  // ---- pings and scoring ----

  /** A ping already validated by the contract's schema (the route's body, the socket's payload). */
  async ping(
    auth: Pick<AuthContext, 'user'>,
    fingerprint: string | null,
    ping: MeetingPingParsed,
  ): Promise<PingAnswer> {
    const userId = auth.user.id;
    const now = this.now();
    if (ping.t > now + PING_FUTURE_SKEW_MS) {
      throw new AppError(ErrorCode.VALIDATION_ERROR, {
        messageKey: 'meet.position-future',
        fields: { t: 'meet.position-future' },
      });
    }
    if (ping.t < now - PING_MAX_AGE_MS) {
      throw new AppError(ErrorCode.VALIDATION_ERROR, {
        messageKey: 'meet.position-stale',
        fields: { t: 'meet.position-stale' },
      });
    }
    if (ping.accuracy > this.deps.maxAccuracyM) {
      throw new AppError(ErrorCode.VALIDATION_ERROR, {
        messageKey: 'meet.accuracy-too-low',
        params: { max: this.deps.maxAccuracyM },
      });
    }
    return this.onLeader<PingAnswer>({ op: 'ping', userId, fingerprint, ping });
  }

  /** A valid ping on the leader: the one-a-second limit, the tokens heard, the score. */
  private async scorePing(
    userId: number,
    fingerprint: string | null,
    ping: MeetingPingParsed,
  ): Promise<PingAnswer> {
    const now = this.now();
    const last = this.lastPing.get(userId);
    if (last !== undefined && now - last < PING_MIN_INTERVAL_MS) {
      throw new AppError(ErrorCode.RATE_LIMITED, { messageKey: 'meet.position-too-often' });
    }
    this.lastPing.set(userId, now);
    const heard = ping.heard ?? [];
    const owners =
      heard.length === 0
        ? new Map<string, number>()
        : await this.deps.store.resolveTokens(
            heard.map((h) => h.token),
            ping.t,
          );
    const fix = { ...ping, lng: ping.lon }; // the contract's `lon`, the detector's `lng`
    const { events, candidates } = this.detector.ping(userId, fix, fingerprint, (token) =>
      owners.get(token),
    );
    await this.handle(events);
    const meetingId = this.detector.meetingOf(userId);
    return { progress: meetingId === null ? null : this.detector.progress(meetingId), candidates };
  }

  private async handle(events: readonly DetectorEvent[]): Promise<void> {
    for (const event of events) {
      try {
        if (event.type === 'progress') {
          const members = this.members.get(event.meetingId);
          for (const userId of members ?? []) {
            this.deps.io.to(userRoom(userId)).emit('meeting:progress', event.progress);
          }
          // Saved so that a new leader resumes the meeting with the minutes it has.
          void this.deps.store
            .saveScore(event.meetingId, this.detector.countedMinutes(event.meetingId))
            .catch((error: unknown) =>
              this.deps.log.warn({ err: error }, 'meetings: score not saved'),
            );
          continue;
        }
        await this.serial(event.meetingId, () => this.finish(event));
      } catch (error) {
        this.deps.log.error({ err: error, meetingId: event.meetingId }, 'meeting event failed');
      }
    }
  }

  /** Records the end of a meeting once: its outcome, the rules' reasons, the mint job. */
  private async finish(event: DetectorOutcome): Promise<MeetingRow | undefined> {
    this.detector.drop(event.meetingId);
    const result = await this.deps.db
      .transaction(async (tx) => {
        const row = await repo.lock(tx, event.meetingId);
        if (!row || row.status !== 'active') return undefined;
        const endedAt = new Date(this.now());
        if (event.type === 'failed') {
          const updated = await repo.update(tx, row.id, {
            status: 'failed',
            outcome: 'not_proven',
            reasons: [event.reason],
            minutesCounted: event.minutesCounted,
            endedAt,
          });
          return { row: updated, jobId: null };
        }
        const { level, reasons } = await this.rules(tx, row);
        const updated = await repo.update(tx, row.id, {
          status: 'completed',
          outcome: reasons.length === 0 ? 'minting' : 'refused',
          reasons,
          level,
          minutesCounted: event.minutesCounted,
          endedAt,
        });
        const jobId =
          reasons.length === 0
            ? await this.deps.jobs.enqueue(tx, MINT_JOB, { meetingId: row.id })
            : null;
        return { row: updated, jobId };
      })
      .catch((error: unknown) => {
        // Not recorded (the database failed): the leader's next look at the running meetings
        // takes it up again, with its saved minutes.
        this.members.delete(event.meetingId);
        throw error;
      });
    this.ended++;
    this.members.delete(event.meetingId);
    void this.deps.store.dropScore(event.meetingId).catch(() => undefined);
    if (!result?.row) return undefined;
    await this.pushUpdate(result.row);
    if (result.row.outcome === 'refused' || result.row.outcome === 'not_proven') {
      await this.notify(
        result.row,
        result.row.outcome === 'refused' ? 'meetings.refused' : 'meetings.not-proven',
        {},
        result.row.reasons,
      );
    }
    if (result.jobId !== null) void this.deps.jobs.runNow(result.jobId);
    return result.row;
  }

  // ---- the rules of minting ----

  private async levelsOf(userId: number): Promise<NftType[]> {
    return this.deps.market.levelsHeld(userId).catch((error: unknown) => {
      this.deps.log.warn({ err: error, userId }, 'token levels unavailable');
      return [];
    });
  }

  private rulesDeps(): MintRulesDeps {
    return {
      sessions: this.deps.sessions,
      levelsOf: (userId) => this.levelsOf(userId),
      firstMintDelayMs: this.deps.config.firstMintDelayMs,
      now: this.now(),
    };
  }

  /**
   * The rules when a meeting completes: the read-only verdict, then the meeting counted
   * against a denied user's three (spec §4).
   */
  private async rules(
    tx: DbExecutor,
    row: MeetingRow,
  ): Promise<{ level: NftType | null; reasons: MeetingReason[] }> {
    const deps = this.rulesDeps();
    const verdict = await mintVerdict(tx, deps, [
      { userId: row.userA, device: row.deviceA },
      { userId: row.userB, device: row.deviceB },
    ]);
    for (const [i, userId] of [row.userA, row.userB].entries()) {
      const status = verdict.kycStatuses[i]!;
      await countAfterDenial(tx, userId, status, this.deps.config.meetingsAfterDenial, deps.now);
    }
    return { level: verdict.level, reasons: verdict.reasons };
  }

  /**
   * Say no before, not after: when a meeting is proposed, every reason it could not mint.
   * Refused, both members hear `meeting:refused` with the reasons and the caller gets
   * MEETING_CANNOT_MINT; nothing starts.
   */
  private async preflight(
    db: DbExecutor,
    pair: readonly [PairMember, PairMember],
  ): Promise<MeetingReason[]> {
    return (await mintVerdict(db, this.rulesDeps(), pair)).reasons;
  }

  private async refuseProposal(
    callerId: number,
    partnerId: number,
    reasons: readonly MeetingReason[],
    locale: Locale,
  ): Promise<never> {
    const [caller, partner] = await Promise.all([this.card(callerId), this.card(partnerId)]);
    const list = [...reasons];
    this.deps.io.to(userRoom(callerId)).emit('meeting:refused', { reasons: list, partner });
    this.deps.io
      .to(userRoom(partnerId))
      .emit('meeting:refused', { reasons: list, partner: caller });
    throw cannotMint(list, locale);
  }

  // ---- minting ----

  /**
   * Mints the token of a meeting whose outcome is `minting`, exactly once: the block before
   * the first send is recorded, and a retry (after a crash between the send and the record)
   * finds the earlier mint in the token's logs instead of sending again. A mint the chain
   * refuses is a technical failure: recorded, and the pair may mint together again.
   */
  async mintMeeting(meetingId: number): Promise<void> {
    const row = await repo.find(this.deps.db, meetingId);
    if (!row || row.outcome !== 'minting' || row.level === null) return;
    const level = row.level as NftType;
    const { chain } = this.deps.chain.require();
    const a = chain.keys.depositAccount(row.userA).address;
    const b = chain.keys.depositAccount(row.userB).address;
    let fromBlock: bigint;
    if (row.mintFromBlock !== null) {
      fromBlock = BigInt(row.mintFromBlock);
      const found = await findGeneratedMint(chain, fromBlock, level, a, b);
      if (found) return this.recordMint(row, found, chain.keys.hot.address, chain.contracts.market);
      const hot = chain.keys.hot.address;
      const [pending, latest] = await Promise.all([
        chain.publicClient.getTransactionCount({ address: hot, blockTag: 'pending' }),
        chain.publicClient.getTransactionCount({ address: hot, blockTag: 'latest' }),
      ]);
      if (pending > latest) throw new Error('an earlier mint may still be pending; retry later');
    } else {
      fromBlock = await chain.publicClient.getBlockNumber();
      await repo.update(this.deps.db, row.id, { mintFromBlock: fromBlock.toString() });
    }
    try {
      await mintThroughMarket(this.deps.market, level, a, b);
    } catch (error) {
      if (isTransient(error)) throw error;
      this.deps.log.error({ err: error, meetingId }, 'meeting mint failed');
      const tell = await this.mintFailed(this.deps.db, row.id, technicalReason(error));
      await tell?.();
      return;
    }
    await this.deps.afterMintSent?.(meetingId);
    const found = await findGeneratedMint(chain, fromBlock, level, a, b);
    if (!found) throw new Error(`meeting ${meetingId}: the mint is not in the token's logs`);
    await this.recordMint(row, found, chain.keys.hot.address, chain.contracts.market);
  }

  /**
   * A mint given up for a technical reason (the chain refused it, or the job's last attempt
   * failed): the meeting becomes `mint_failed` with the reason, which leaves the pair free to
   * mint together again. Answers what tells both members, to run after the commit.
   */
  async mintFailed(
    db: DbExecutor,
    meetingId: number,
    reason: string,
  ): Promise<(() => Promise<void>) | undefined> {
    const failed = await (async () => {
      const current = await repo.lock(db, meetingId);
      if (!current || current.outcome !== 'minting') return undefined;
      return repo.update(db, meetingId, {
        outcome: 'mint_failed',
        mintError: reason.slice(0, MINT_ERROR_MAX),
      });
    })();
    if (!failed) return undefined;
    return async () => {
      await this.pushUpdate(failed);
      await this.notify(failed, 'meetings.mint-failed', {});
    };
  }

  private async recordMint(
    row: MeetingRow,
    mint: GeneratedMint,
    hot: Address,
    market: Address | null,
  ): Promise<void> {
    const level = row.level as NftType;
    const recorded = await this.deps.db.transaction(async (tx) => {
      const current = await repo.lock(tx, row.id);
      if (!current || current.outcome !== 'minting') return null;
      const updated = await repo.update(tx, row.id, {
        outcome: 'minted',
        tokenId: mint.tokenId.toString(),
        mintHash: mint.hash,
        mintError: null,
      });
      const generated = [];
      for (const userId of [row.userA, row.userB]) {
        generated.push(
          await recordGenerated(tx, {
            userId,
            key: `meeting:${row.id}:generate`,
            hash: mint.hash,
            blockNumber: mint.blockNumber,
            fromAddress: hot,
            toAddress: market ?? hot,
          }),
        );
      }
      const pair = [row.userA, row.userB] as const;
      for (const [i, userId] of pair.entries()) {
        if ((await repo.mintedCount(tx, userId)) === 1) {
          await this.deps.events.emitFirstMeet(tx, {
            userId,
            partnerId: pair[1 - i]!,
            meetingId: row.id,
            level,
            tokenId: mint.tokenId,
          });
        }
      }
      await this.deps.events.emitMinted(tx, {
        meetingId: row.id,
        userIds: pair,
        level,
        tokenId: mint.tokenId,
      });
      return { updated, generated };
    });
    if (!recorded?.updated) return;
    for (const tx of recorded.generated) {
      this.deps.io
        .to(userRoom(tx.userId))
        .emit('wallet', { transactionId: tx.id, type: tx.type, status: tx.status });
    }
    await this.pushUpdate(recorded.updated);
    await this.notify(recorded.updated, 'meetings.minted', {
      token: tokenName(level, mint.tokenId.toString()),
    });
  }

  /** Mints left `minting` by a crash (the job queue retries too; this is the start-up pass). */
  async recoverMints(): Promise<void> {
    for (const row of await repo.minting(this.deps.db)) {
      await this.mintMeeting(row.id).catch((error: unknown) =>
        this.deps.log.warn({ err: error, meetingId: row.id }, 'meeting mint recovery failed'),
      );
    }
  }

  // ---- views ----

  private async card(userId: number): Promise<PublicCard> {
    const user = await this.deps.sessions.userOf(userId);
    return {
      userId,
      nickname: user?.domain ?? null,
      firstName: user?.firstName ?? null,
      avatar: `/api/media/avatar/${userId}/small`,
      verified: user?.kycStatus === KycStatus.APPROVED,
      levels: await this.levelsOf(userId),
    };
  }

  /** A running meeting's live progress from the leader; null when it cannot answer now. */
  private async liveProgress(meetingId: number): Promise<MeetingProgress | null> {
    if (this.leading || !this.deps.bus) return this.detector.progress(meetingId);
    return this.onLeader<MeetingProgress | null>({ op: 'progress', meetingId }).catch(() => null);
  }

  private async view(row: MeetingRow, viewerId: number, partner?: PublicCard): Promise<Meeting> {
    const partnerId = row.userA === viewerId ? row.userB : row.userA;
    const level = row.level as NftType | null;
    const progress = row.status === 'active' ? await this.liveProgress(row.id) : null;
    return {
      id: row.id,
      partner: partner ?? (await this.card(partnerId)),
      method: row.method,
      status: row.status,
      outcome: row.outcome,
      reasons: row.reasons,
      level,
      startedAt: row.startedAt.toISOString(),
      endedAt: row.endedAt?.toISOString() ?? null,
      minutesCounted: progress?.minutesCounted ?? row.minutesCounted,
      minutesNeeded: this.deps.config.minMinutes,
      token:
        row.tokenId !== null && level !== null
          ? { id: row.tokenId, name: tokenName(level, row.tokenId) }
          : null,
    };
  }

  private async pushUpdate(row: MeetingRow): Promise<void> {
    const [viewA, viewB] = await Promise.all([
      this.view(row, row.userA),
      this.view(row, row.userB),
    ]);
    this.deps.io.to(userRoom(row.userA)).emit('meeting:updated', viewA);
    this.deps.io.to(userRoom(row.userB)).emit('meeting:updated', viewB);
  }

  /** A notification to both members in their language, naming the partner. */
  private async notify(
    row: MeetingRow,
    key: string,
    params: Record<string, string | number>,
    reasons: readonly MeetingReason[] = [],
  ): Promise<void> {
    const ids = [row.userA, row.userB];
    const [locales, users] = await Promise.all([
      userLocales(this.deps.db, ids),
      Promise.all(ids.map((id) => this.deps.sessions.userOf(id))),
    ]);
    for (const [i, userId] of ids.entries()) {
      const partner = users[1 - i];
      const stored = locales.get(userId);
      const locale = stored && isLocale(stored) ? stored : 'en';
      const reasonText = reasons
        .map((reason) => translate(locale, `meetings.reason.${reason}`))
        .join('; ');
      const payload: NotificationPayload = {
        text: translate(locale, key, {
          ...params,
          name: partner?.firstName ?? partner?.domain ?? `#${partner?.id ?? ''}`,
          reasons: reasonText,
        }),
        color:
          key === 'meetings.minted' ? 'success' : key === 'meetings.started' ? 'info' : 'warning',
      };
      this.deps.io.to(userRoom(userId)).emit('notification', payload);
      if (key !== 'meetings.started') {
        void this.deps.push?.notify(
          userId,
          'meetings',
          noticePush('meetings', payload.text, '/meetings'),
        );
      }
    }
  }

  // ---- the user's reads ----

  async list(auth: AuthContext, page: { offset: number; limit: number }): Promise<MeetingList> {
    const { total, rows } = await repo.listOf(this.deps.db, auth.user.id, page);
    const cards = new Map<number, Promise<PublicCard>>();
    const cardOf = (id: number) => {
      let card = cards.get(id);
      if (!card) cards.set(id, (card = this.card(id)));
      return card;
    };
    const list = await Promise.all(
      rows.map(async (row) => {
        const partnerId = row.userA === auth.user.id ? row.userB : row.userA;
        return this.view(row, auth.user.id, await cardOf(partnerId));
      }),
    );
    return { ...page, total, list };
  }

  async get(auth: AuthContext, id: number): Promise<Meeting> {
    const row = await repo.find(this.deps.db, id);
    // Another pair's meeting is not found, rather than forbidden: its existence is private.
    if (!row || (row.userA !== auth.user.id && row.userB !== auth.user.id)) {
      throw new AppError(ErrorCode.NOT_FOUND);
    }
    return this.view(row, auth.user.id);
  }

  deviceLockOf(user: Pick<UserRow, 'deviceLockUntil' | 'deviceLockReason'>): DeviceLock {
    return deviceLockState(user, this.now());
  }

  async deviceLock(auth: AuthContext): Promise<DeviceLock> {
    const user = await this.deps.sessions.userOf(auth.user.id);
    return this.deviceLockOf(user ?? auth.user);
  }

  async liftDeviceLock(auth: AuthContext | null, userId: number): Promise<DeviceLockLift> {
    assertRole(auth, Role.MODERATOR);
    const before = await this.deps.sessions.userOf(userId);
    if (!before) throw new AppError(ErrorCode.USER_NOT_FOUND, { messageKey: 'error.NOT_FOUND' });
    const wasLocked = this.deviceLockOf(before).locked;
    const user = (await this.deps.sessions.liftDeviceLock(userId)) ?? before;
    // The user hears of it only when there was a lock: "lifted" would puzzle anyone else.
    if (wasLocked) {
      const locale = isLocale(user.locale) ? user.locale : 'en';
      this.deps.io.to(userRoom(userId)).emit('notification', {
        text: translate(locale, 'meetings.device-lock-lifted'),
        color: 'success',
      });
    }
    return { ...this.deviceLockOf(user), wasLocked };
  }

  async status(auth: AuthContext): Promise<MeetingsStatus> {
    const { db } = this.deps;
    const userId = auth.user.id;
    const [user, active, standing, kyc, counts] = await Promise.all([
      this.deps.sessions.userOf(userId),
      repo.activeOf(db, userId),
      repo.findStanding(db, userId),
      kycFacts(db, userId),
      repo.completedCounts(db, [userId]),
    ]);
    const denied = kyc.status === KycStatus.REJECTED || kyc.status === KycStatus.REJECTED_FOREVER;
    return {
      active: active ? await this.view(active, userId) : null,
      deviceLock: this.deviceLockOf(user ?? auth.user),
      denial: {
        denied,
        meetingsLeft: denied
          ? (standing?.meetingsLeft ?? this.deps.config.meetingsAfterDenial)
          : null,
        annulled: denied && Boolean(standing?.annulledAt),
      },
      meetingsCount: counts.get(userId) ?? 0,
    };
  }

  async moderation(
    auth: AuthContext | null,
    page: { offset: number; limit: number },
  ): Promise<ModerationMeetingList> {
    assertRole(auth, Role.MODERATOR);
    const { total, rows } = await repo.refusals(this.deps.db, page);
    const list = await Promise.all(
      rows.map(async (row) => {
        const { partner: _partner, ...rest } = await this.view(row, row.userA, {
          userId: row.userB,
          nickname: null,
          firstName: null,
          avatar: '',
          verified: false,
          levels: [],
        });
        return {
          ...rest,
          userIds: [row.userA, row.userB] as [number, number],
          mintError: row.outcome === 'mint_failed' ? row.mintError : null,
        };
      }),
    );
    return { ...page, total, list };
  }
}

/** For the referral statistics: completed meetings per user. */
export function meetingsCount(
  db: DbExecutor,
  userIds: readonly number[],
): Promise<Map<number, number>> {
  return repo.completedCounts(db, userIds);
}

/** For the monitor: meetings in progress now, and completed and minted since the UTC midnight. */
export function meetingFigures(db: DbExecutor, now = new Date()) {
  const midnight = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return repo.figures(db, midnight);
}

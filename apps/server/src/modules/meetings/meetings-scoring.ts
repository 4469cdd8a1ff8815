import { AppError, ErrorCode } from '@meeet/core/api/errors';
import type { Meeting } from '@meeet/core/api/meetings';
import { txOf } from '../../plugins/db.ts';
import { userRoom } from '../../plugins/socket.ts';
import type { AuthContext } from '../users/sessions.service.ts';
import type { DetectorEvent, DetectorOutcome } from './detector.ts';
import {
  MINT_JOB,
  type MeetingPingParsed,
  type MeetingsContext,
  type PingAnswer,
} from './meetings-context.ts';
import type { MeetingsLeader } from './meetings-leader.ts';
import type { MeetingMinting } from './meetings-minting.ts';
import type { MeetingNotices } from './meetings-notices.ts';
import type { MeetingViews } from './meetings-views.ts';
import { meetingsRepository as repo } from './meetings.repository.ts';
import type { MeetingRow } from './meetings.schema.ts';

/** Pings whose fix is older than this are refused (a queued background ping is fine). */
const PING_MAX_AGE_MS = 120_000;
const PING_FUTURE_SKEW_MS = 5_000;
const PING_MIN_INTERVAL_MS = 1_000;

export interface MeetingScoringParts {
  leader: MeetingsLeader;
  views: MeetingViews;
  notices: MeetingNotices;
  minting: MeetingMinting;
}

/**
 * Detection: the pings that score a running meeting, and the end of a meeting recorded once
 * (its outcome, the rules' reasons, the mint job). Pings are checked here and scored on the
 * leader.
 */
export class MeetingScoring {
  constructor(
    private readonly ctx: MeetingsContext,
    private readonly parts: MeetingScoringParts,
  ) {}

  /** A ping already validated by the contract's schema (the route's body, the socket's payload). */
  async ping(
    auth: Pick<AuthContext, 'user'>,
    fingerprint: string | null,
    ping: MeetingPingParsed,
  ): Promise<PingAnswer> {
    const userId = auth.user.id;
    const now = this.ctx.now();
    const { maxAccuracyM } = this.ctx.deps;
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
    if (ping.accuracy > maxAccuracyM) {
      throw new AppError(ErrorCode.VALIDATION_ERROR, {
        messageKey: 'meet.accuracy-too-low',
        params: { max: maxAccuracyM },
      });
    }
    return this.parts.leader.onLeader<PingAnswer>({ op: 'ping', userId, fingerprint, ping });
  }

  /** A valid ping on the leader: the one-a-second limit, the tokens heard, the score. */
  async scorePing(
    userId: number,
    fingerprint: string | null,
    ping: MeetingPingParsed,
  ): Promise<PingAnswer> {
    const { leader } = this.parts;
    const now = this.ctx.now();
    const last = leader.lastPing.get(userId);
    if (last !== undefined && now - last < PING_MIN_INTERVAL_MS) {
      throw new AppError(ErrorCode.RATE_LIMITED, { messageKey: 'meet.position-too-often' });
    }
    leader.lastPing.set(userId, now);
    const heard = ping.heard ?? [];
    const owners =
      heard.length === 0
        ? new Map<string, number>()
        : await this.ctx.deps.store.resolveTokens(
            heard.map((h) => h.token),
            ping.t,
          );
    const fix = { ...ping, lng: ping.lon }; // the contract's `lon`, the detector's `lng`
    const { detector } = leader;
    const { events, candidates } = detector.ping(userId, fix, fingerprint, (token) =>
      owners.get(token),
    );
    await this.handle(events);
    const meetingId = detector.meetingOf(userId);
    return { progress: meetingId === null ? null : detector.progress(meetingId), candidates };
  }

  async handle(events: readonly DetectorEvent[]): Promise<void> {
    const { leader } = this.parts;
    const { io, store, log } = this.ctx.deps;
    for (const event of events) {
      try {
        if (event.type === 'progress') {
          for (const userId of leader.members.get(event.meetingId) ?? []) {
            io.to(userRoom(userId)).emit('meeting:progress', event.progress);
          }
          // Saved so that a new leader resumes the meeting with the minutes it has.
          void store
            .saveScore(event.meetingId, leader.detector.countedMinutes(event.meetingId))
            .catch((error: unknown) => log.warn({ err: error }, 'meetings: score not saved'));
          continue;
        }
        await leader.serial(event.meetingId, () => this.finish(event));
      } catch (error) {
        log.error({ err: error, meetingId: event.meetingId }, 'meeting event failed');
      }
    }
  }

  /** The end handshake on the leader: the detector decides, the row records. */
  async endHere(meetingId: number, viewerId: number): Promise<Meeting> {
    const { leader, views } = this.parts;
    const event = leader.detector.end(meetingId) ?? {
      type: 'failed' as const,
      meetingId,
      reason: 'ended-early' as const,
      minutesCounted: 0,
    };
    const row = await leader.serial(meetingId, () => this.finish(event));
    const current = row ?? (await repo.find(this.ctx.deps.db, meetingId));
    if (!current) throw new AppError(ErrorCode.NOT_FOUND);
    return views.view(current, viewerId);
  }

  /** Records the end of a meeting once: its outcome, the rules' reasons, the mint job. */
  private async finish(event: DetectorOutcome): Promise<MeetingRow | undefined> {
    const { leader, notices } = this.parts;
    leader.detector.drop(event.meetingId);
    const result = await this.record(event).catch((error: unknown) => {
      // Not recorded (the database failed): the leader's next look at the running meetings
      // takes it up again, with its saved minutes.
      leader.untrack(event.meetingId);
      throw error;
    });
    leader.recordEnded(event.meetingId);
    void this.ctx.deps.store.dropScore(event.meetingId).catch(() => undefined);
    if (!result?.row) return undefined;
    await notices.pushUpdate(result.row);
    if (result.row.outcome === 'refused' || result.row.outcome === 'not_proven') {
      await notices.notify(
        result.row,
        result.row.outcome === 'refused' ? 'meetings.refused' : 'meetings.not-proven',
        {},
        result.row.reasons,
      );
    }
    if (result.jobId !== null) void this.ctx.deps.jobs.runNow(result.jobId);
    return result.row;
  }

  /** The outcome's transaction: the row ended, and the mint job queued when the rules allow. */
  private record(
    event: DetectorOutcome,
  ): Promise<{ row: MeetingRow | undefined; jobId: number | null } | undefined> {
    const { db, jobs } = this.ctx.deps;
    return db.transaction(async (tx) => {
      const row = await repo.lock(tx, event.meetingId);
      if (!row || row.status !== 'active') return undefined;
      const endedAt = new Date(this.ctx.now());
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
      const { level, reasons } = await this.parts.minting.verdictOnCompletion(tx, row);
      const updated = await repo.update(tx, row.id, {
        status: 'completed',
        outcome: reasons.length === 0 ? 'minting' : 'refused',
        reasons,
        level,
        minutesCounted: event.minutesCounted,
        endedAt,
      });
      await this.ctx.deps.events.emitCompleted(txOf(tx), {
        meetingId: row.id,
        userIds: [row.userA, row.userB],
        positions: event.positions,
      });
      const jobId =
        reasons.length === 0 ? await jobs.enqueue(txOf(tx), MINT_JOB, { meetingId: row.id }) : null;
      return { row: updated, jobId };
    });
  }
}

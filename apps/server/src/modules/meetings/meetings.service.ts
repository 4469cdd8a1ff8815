import type {
  DeviceLock,
  DeviceLockLift,
  HandshakeCodeResponse,
  HandshakeRequest,
  HandshakeResponse,
  Meeting,
  MeetingList,
  MeetingsStatus,
  ModerationMeetingList,
  ProximityTokensResponse,
} from '@meeet/core/api/meetings';
import type { NftType } from '@meeet/core/enums';
import type { Locale } from '@meeet/core/i18n/locale';
import type { DbExecutor } from '../../db/client.ts';
import { executorOf, type Tx } from '../../plugins/db.ts';
import type { AuthContext } from '../users/sessions.service.ts';
import type { UserFacts } from '../users/users.service.ts';
import type { MeetingDetector } from './detector.ts';
import {
  meetingsContext,
  type MeetingPingParsed,
  type MeetingsServiceDeps,
  type PingAnswer,
} from './meetings-context.ts';
import { MeetingHandshakes } from './meetings-handshakes.ts';
import { MeetingsLeader } from './meetings-leader.ts';
import { MeetingMinting } from './meetings-minting.ts';
import { MeetingNotices } from './meetings-notices.ts';
import { MeetingScoring } from './meetings-scoring.ts';
import { MeetingViews } from './meetings-views.ts';
import { meetingsRepository as repo } from './meetings.repository.ts';

export { MINT_JOB, type MeetingsServiceDeps } from './meetings-context.ts';

type Page = { offset: number; limit: number };

/**
 * Meetings proven by both phones and the minting that follows (issue 12), composed of its
 * parts, one job each: leadership of the detector (`meetings-leader.ts`), handshakes
 * (`meetings-handshakes.ts`), ping scoring and the recorded end (`meetings-scoring.ts`),
 * minting (`meetings-minting.ts`), read models (`meetings-views.ts`) and what the members hear
 * (`meetings-notices.ts`). This class is the module's one face to its routes and the server.
 */
export class MeetingsService {
  private readonly leader: MeetingsLeader;
  private readonly views: MeetingViews;
  private readonly notices: MeetingNotices;
  private readonly minting: MeetingMinting;
  private readonly scoring: MeetingScoring;
  private readonly handshakes: MeetingHandshakes;

  constructor(deps: MeetingsServiceDeps) {
    const ctx = meetingsContext(deps);
    this.leader = new MeetingsLeader(ctx, {
      ping: (userId, fingerprint, ping) => this.scoring.scorePing(userId, fingerprint, ping),
      end: (meetingId, viewerId) => this.scoring.endHere(meetingId, viewerId),
      tick: (events) => this.scoring.handle(events),
    });
    this.views = new MeetingViews(ctx, this.leader);
    this.notices = new MeetingNotices(ctx, this.views);
    this.minting = new MeetingMinting(ctx, this.notices);
    this.scoring = new MeetingScoring(ctx, {
      leader: this.leader,
      views: this.views,
      notices: this.notices,
      minting: this.minting,
    });
    this.handshakes = new MeetingHandshakes(ctx, this.leader, this.notices);
  }

  // ---- life cycle ----

  /** The leader's detector (an empty one elsewhere). */
  get detector(): MeetingDetector {
    return this.leader.detector;
  }

  /** Whether this process scores the meetings now. */
  get isLeader(): boolean {
    return this.leader.isLeader;
  }

  start(): Promise<void> {
    return this.leader.start();
  }

  lead(): Promise<void> {
    return this.leader.lead();
  }

  stepDown(): Promise<void> {
    return this.leader.stepDown();
  }

  close(): Promise<void> {
    return this.leader.close();
  }

  // ---- handshakes and pings ----

  proximityTokens(auth: AuthContext, fingerprint: string | null): Promise<ProximityTokensResponse> {
    return this.handshakes.proximityTokens(auth, fingerprint);
  }

  handshakeCode(auth: AuthContext, fingerprint: string | null): Promise<HandshakeCodeResponse> {
    return this.handshakes.handshakeCode(auth, fingerprint);
  }

  handshake(
    auth: AuthContext,
    fingerprint: string | null,
    body: HandshakeRequest,
    locale: Locale = 'en',
  ): Promise<HandshakeResponse> {
    return this.handshakes.handshake(auth, fingerprint, body, locale);
  }

  ping(
    auth: Pick<AuthContext, 'user'>,
    fingerprint: string | null,
    ping: MeetingPingParsed,
  ): Promise<PingAnswer> {
    return this.scoring.ping(auth, fingerprint, ping);
  }

  // ---- minting ----

  mintMeeting(meetingId: number): Promise<void> {
    return this.minting.mintMeeting(meetingId);
  }

  mintFailed(
    tx: Tx,
    meetingId: number,
    reason: string,
  ): Promise<(() => Promise<void>) | undefined> {
    return this.minting.mintFailed(executorOf(tx), meetingId, reason);
  }

  recoverMints(): Promise<void> {
    return this.minting.recoverMints();
  }

  // ---- the user's reads and the moderator's ----

  list(auth: AuthContext, page: Page): Promise<MeetingList> {
    return this.views.list(auth, page);
  }

  get(auth: AuthContext, id: number): Promise<Meeting> {
    return this.views.get(auth, id);
  }

  status(auth: AuthContext): Promise<MeetingsStatus> {
    return this.views.status(auth);
  }

  deviceLockOf(user: Pick<UserFacts, 'deviceLockUntil' | 'deviceLockReason'>): DeviceLock {
    return this.views.deviceLockOf(user);
  }

  deviceLock(auth: AuthContext): Promise<DeviceLock> {
    return this.views.deviceLock(auth);
  }

  liftDeviceLock(auth: AuthContext | null, userId: number): Promise<DeviceLockLift> {
    return this.notices.liftDeviceLock(auth, userId);
  }

  moderation(auth: AuthContext | null, page: Page): Promise<ModerationMeetingList> {
    return this.views.moderation(auth, page);
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
export function meetingFigures(tx: Tx, now = new Date()) {
  const midnight = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return repo.figures(executorOf(tx), midnight);
}

/** For the staff user page: the user's meetings, newest first, with the partner's id. */
export async function meetingsOfUser(tx: Tx, userId: number, page: Page) {
  const { total, rows } = await repo.listOf(executorOf(tx), userId, page);
  return {
    total,
    list: rows.map((row) => ({
      id: row.id,
      partnerId: row.userA === userId ? row.userB : row.userA,
      status: row.status,
      outcome: row.outcome,
      reasons: row.reasons,
      level: row.level as NftType | null,
      startedAt: row.startedAt.toISOString(),
      endedAt: row.endedAt?.toISOString() ?? null,
      tokenId: row.tokenId,
    })),
  };
}

import { AppError, ErrorCode } from '@meeet/core/api/errors';
import type { PublicCard } from '@meeet/core/api/meet';
import type {
  DeviceLock,
  Meeting,
  MeetingList,
  MeetingsStatus,
  ModerationMeetingList,
} from '@meeet/core/api/meetings';
import { KycStatus, type NftType } from '@meeet/core/enums';
import { Role } from '@meeet/core/roles';
import { deviceLockState } from '@meeet/core/rules/device-lock';
import { assertRole } from '../../lib/access.ts';
import { txOf } from '../../plugins/db.ts';
import { kycFacts } from '../kyc/kyc.service.ts';
import type { AuthContext } from '../users/sessions.service.ts';
import type { UserFacts } from '../users/users.service.ts';
import { tokenName, type MeetingsContext } from './meetings-context.ts';
import type { MeetingsLeader } from './meetings-leader.ts';
import { meetingsRepository as repo } from './meetings.repository.ts';
import type { MeetingRow } from './meetings.schema.ts';

type Page = { offset: number; limit: number };

/** The read models of meetings: one meeting as a member sees it, the history, the status. */
export class MeetingViews {
  constructor(
    private readonly ctx: MeetingsContext,
    private readonly leader: Pick<MeetingsLeader, 'liveProgress'>,
  ) {}

  /** The partner as a member of a meeting sees them. */
  async card(userId: number): Promise<PublicCard> {
    const user = await this.ctx.deps.sessions.userOf(userId);
    return {
      userId,
      nickname: user?.domain ?? null,
      firstName: user?.firstName ?? null,
      avatar: `/api/media/avatar/${userId}/small`,
      verified: user?.kycStatus === KycStatus.APPROVED,
      levels: await this.ctx.levelsOf(userId),
    };
  }

  async view(row: MeetingRow, viewerId: number, partner?: PublicCard): Promise<Meeting> {
    const partnerId = row.userA === viewerId ? row.userB : row.userA;
    const level = row.level as NftType | null;
    const progress = row.status === 'active' ? await this.leader.liveProgress(row.id) : null;
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
      minutesNeeded: this.ctx.deps.config.minMinutes,
      token:
        row.tokenId !== null && level !== null
          ? { id: row.tokenId, name: tokenName(level, row.tokenId) }
          : null,
    };
  }

  /** The meeting as each member sees it, in the row's order. */
  both(row: MeetingRow): Promise<[Meeting, Meeting]> {
    return Promise.all([this.view(row, row.userA), this.view(row, row.userB)]);
  }

  async list(auth: AuthContext, page: Page): Promise<MeetingList> {
    const { total, rows } = await repo.listOf(this.ctx.deps.db, auth.user.id, page);
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
    const row = await repo.find(this.ctx.deps.db, id);
    // Another pair's meeting is not found, rather than forbidden: its existence is private.
    if (!row || (row.userA !== auth.user.id && row.userB !== auth.user.id)) {
      throw new AppError(ErrorCode.NOT_FOUND);
    }
    return this.view(row, auth.user.id);
  }

  deviceLockOf(user: Pick<UserFacts, 'deviceLockUntil' | 'deviceLockReason'>): DeviceLock {
    return deviceLockState(user, this.ctx.now());
  }

  async deviceLock(auth: AuthContext): Promise<DeviceLock> {
    const user = await this.ctx.deps.sessions.userOf(auth.user.id);
    return this.deviceLockOf(user ?? auth.user);
  }

  async status(auth: AuthContext): Promise<MeetingsStatus> {
    const { db, config } = this.ctx.deps;
    const userId = auth.user.id;
    const [user, active, standing, kyc, counts] = await Promise.all([
      this.ctx.deps.sessions.userOf(userId),
      repo.activeOf(db, userId),
      repo.findStanding(db, userId),
      kycFacts(txOf(db), userId),
      repo.completedCounts(db, [userId]),
    ]);
    const denied = kyc.status === KycStatus.REJECTED || kyc.status === KycStatus.REJECTED_FOREVER;
    return {
      active: active ? await this.view(active, userId) : null,
      deviceLock: this.deviceLockOf(user ?? auth.user),
      denial: {
        denied,
        meetingsLeft: denied ? (standing?.meetingsLeft ?? config.meetingsAfterDenial) : null,
        annulled: denied && Boolean(standing?.annulledAt),
      },
      meetingsCount: counts.get(userId) ?? 0,
    };
  }

  async moderation(auth: AuthContext | null, page: Page): Promise<ModerationMeetingList> {
    assertRole(auth, Role.MODERATOR);
    const { total, rows } = await repo.refusals(this.ctx.deps.db, page);
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

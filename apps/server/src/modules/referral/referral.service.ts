import type { FastifyBaseLogger } from 'fastify';
import { isbot } from 'isbot';
import { AppError, ErrorCode } from '@meeet/core/api/errors';
import {
  REFERRAL_PERIOD_DAYS,
  referralPeriodSchema,
  type ReferralListResponse,
  type ReferralPeriod,
  type ReferralPeriodStats,
  type ReferralRewardsResponse,
  type ReferralSettings,
  type ReferralSource,
  type ReferralStatsResponse,
} from '@meeet/core/api/referral';
import type { ReferralLevel } from '@meeet/core/enums';
import { parsePromoCode } from '@meeet/core/rules/promo-code';
import type { Database, DbExecutor } from '../../db/client.ts';
import type { ChainRuntime } from '../../plugins/chain.ts';
import { executorOf, txOf, type Tx } from '../../plugins/db.ts';
import type { GeneratorPaid, PurchaseCompleted } from '../market/market-events.ts';
import type { AuthContext, ClientContext, SessionsService } from '../users/sessions.service.ts';
import { promoCodeOf, type UserAccount } from '../users/user-view.ts';
import { promoCodeOwner, setReferralLevel } from '../users/users.service.ts';
import { toTransaction } from '../wallet/wallet.service.ts';
import { ledger } from '../wallet/ledger.service.ts';
import { referralRepository as repo, type SourceSums } from './referral.repository.ts';

const DAY_MS = 86_400_000;
/** A user without a parent may still name one this long after registering (spec §4). */
const SAVE_WINDOW_MS = DAY_MS;
const SOURCES: readonly ReferralSource[] = ['basic_meeting', 'paid_meeting', 'business_purchase'];

const invalidPromocode = () =>
  new AppError(ErrorCode.VALIDATION_ERROR, {
    messageKey: 'msg.invalid-promocode',
    fields: { code: 'msg.invalid-promocode' },
  });

function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

/** A period covers its number of UTC calendar days, today included. */
export function periodStart(period: ReferralPeriod, now: Date): Date {
  return new Date(startOfUtcDay(now).getTime() - (REFERRAL_PERIOD_DAYS[period] - 1) * DAY_MS);
}

function sourceStrings(sums: SourceSums) {
  return {
    basic_meeting: sums.basic_meeting.toString(),
    paid_meeting: sums.paid_meeting.toString(),
    business_purchase: sums.business_purchase.toString(),
  };
}

function ratio(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000;
}

export interface ReferralServiceDeps {
  db: Database;
  sessions: SessionsService;
  chain: ChainRuntime;
  log: FastifyBaseLogger;
  now?: () => Date;
}

/**
 * The referral programme: counting link clicks, the three-level tree (made once, never
 * changed), rewards accrued from what referrals do, and the caller's lists and figures.
 * Payouts are the payout worker's (referral-payout.worker.ts).
 */
export class ReferralService {
  private readonly now: () => Date;

  constructor(private readonly deps: ReferralServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** The referrer a code names, if it is a valid code of an existing user. */
  private referrerOf(db: DbExecutor, code: string): Promise<number | null> {
    return promoCodeOwner(txOf(db), code);
  }

  /**
   * Spec §7 track: one click per visitor and code per 24 h; bots are not counted. A code of
   * the right form that names nobody answers as a click not counted (issue 46): only its form
   * is checked openly, so the call cannot sort real codes from guessed ones.
   */
  async track(code: string, client: ClientContext): Promise<{ counted: boolean }> {
    if (!parsePromoCode(code).ok) throw invalidPromocode();
    const referrerId = await this.referrerOf(this.deps.db, code);
    if (referrerId === null) return { counted: false };
    if (!client.userAgent || isbot(client.userAgent)) return { counted: false };
    const visitor = client.fingerprint ? `fp:${client.fingerprint}` : `ip:${client.ip ?? '-'}`;
    const counted = await this.deps.db.transaction((tx) =>
      repo.trackClick(tx, referrerId, visitor),
    );
    return { counted };
  }

  /**
   * Spec §7 save: the caller names a referrer after registering (a code stored in the browser).
   * Only within 24 h of registering, only without a parent, and only before anyone joined
   * under the caller — so no edge ever closes a cycle.
   */
  async save(auth: AuthContext, code: string, fingerprint: string | null) {
    const userId = auth.user.id;
    const referrerId = await this.referrerOf(this.deps.db, code);
    if (referrerId === null || referrerId === userId) throw invalidPromocode();
    if (this.now().getTime() - auth.user.createdAt.getTime() > SAVE_WINDOW_MS) {
      throw new AppError(ErrorCode.CONFLICT, { messageKey: 'referral.save-too-late' });
    }
    await this.deps.db.transaction(async (tx) => {
      await repo.lockTree(tx);
      if (
        (await repo.ancestors(tx, userId)).length > 0 ||
        (await repo.hasDescendants(tx, userId))
      ) {
        throw new AppError(ErrorCode.CONFLICT, { messageKey: 'referral.already-referred' });
      }
      await this.link(tx, userId, referrerId, fingerprint);
    });
    return { referrerId };
  }

  /**
   * Registration with a promo code (the users service calls this inside its transaction): the
   * new user gets their edge at once.
   */
  async onRegistered(
    unit: Tx,
    userId: number,
    referrerId: number,
    fingerprint: string | null,
  ): Promise<void> {
    if (referrerId === userId) return;
    const tx = executorOf(unit);
    await repo.lockTree(tx);
    await this.link(tx, userId, referrerId, fingerprint);
  }

  private async link(
    tx: DbExecutor,
    userId: number,
    referrerId: number,
    fingerprint: string | null,
  ): Promise<void> {
    const above = await repo.ancestors(tx, referrerId);
    if (above.some((row) => row.ancestorId === userId)) throw invalidPromocode();
    const flagged = fingerprint
      ? await this.deps.sessions.hasUsedDevice(txOf(tx), referrerId, fingerprint)
      : false;
    await repo.insertLinks(tx, [
      { descendantId: userId, depth: 1, ancestorId: referrerId, flagged },
      ...above
        .filter((row) => row.depth < 3)
        .map((row) => ({
          descendantId: userId,
          depth: row.depth + 1,
          ancestorId: row.ancestorId,
          flagged,
        })),
    ]);
  }

  /**
   * Credits the referrers up to three levels above `sourceUserId` with their share of `base`.
   * Runs in the caller's transaction; an event already credited is skipped (unique per earner
   * and event), so a replay never pays twice.
   */
  private async accrue(
    tx: DbExecutor,
    event: { sourceUserId: number; source: ReferralSource; base: bigint; eventRef: string },
  ): Promise<number> {
    const ancestors = await repo.ancestors(tx, event.sourceUserId);
    if (ancestors.length === 0) return 0;
    const settings = await repo.settings(tx);
    const shares = [settings.level1Bp, settings.level2Bp, settings.level3Bp];
    // The flag sits on the source's own edges: a self-referred account earns nobody anything.
    const flagged = ancestors[0]?.flagged ?? false;
    const inserted = await repo.insertRewards(
      tx,
      ancestors.map((row) => {
        const shareBp = shares[row.depth - 1] ?? 0;
        const amount = flagged ? 0n : (event.base * BigInt(shareBp)) / 10_000n;
        return {
          userId: row.ancestorId,
          sourceUserId: event.sourceUserId,
          depth: row.depth,
          source: event.source,
          eventRef: event.eventRef,
          baseAmount: event.base.toString(),
          shareBp,
          amount: amount.toString(),
          status: flagged || amount === 0n ? 'void' : 'accrued',
        };
      }),
    );
    return inserted.length;
  }

  /** The market's purchase-completed event: a business purchase. */
  async onPurchaseCompleted(tx: Tx, event: PurchaseCompleted): Promise<void> {
    await this.accrue(executorOf(tx), {
      sourceUserId: event.userId,
      source: 'business_purchase',
      base: event.price,
      eventRef: `purchase:${event.transactionId}`,
    });
  }

  /** The market paid a referral as generator of a minted token: a paid meeting. */
  async onGeneratorPaid(tx: Tx, event: GeneratorPaid): Promise<void> {
    await this.accrue(executorOf(tx), {
      sourceUserId: event.userId,
      source: 'paid_meeting',
      base: event.amount,
      eventRef: `generator:${event.transactionId}`,
    });
  }

  /**
   * The meeting service's call when a meeting of `userId` minted (`eventRef` names the mint):
   * counts the meeting and credits a basic-meeting share of `value` (the mint's worth as the
   * meeting service sets it; 0 counts the meeting only).
   */
  async onMeetingMinted(
    unit: Tx,
    event: { userId: number; eventRef: string; value: bigint },
  ): Promise<void> {
    const tx = executorOf(unit);
    await repo.recordMeeting(tx, event.userId, event.eventRef);
    if (event.value > 0n) {
      await this.accrue(tx, {
        sourceUserId: event.userId,
        source: 'basic_meeting',
        base: event.value,
        eventRef: `meeting:${event.eventRef}`,
      });
    }
  }

  /** Spec §7 list: the caller's level 1; list/{userId}: a user's level 1 inside the caller's tree. */
  async list(
    auth: AuthContext,
    parentId: number | null,
    query: { offset: number; limit: number; role: 'all' | 'human' | 'business' },
  ): Promise<ReferralListResponse> {
    const viewerId = auth.user.id;
    const parent = parentId ?? viewerId;
    const parentDepth =
      parent === viewerId ? 0 : await repo.depthBelow(this.deps.db, viewerId, parent);
    if (parentDepth === null) throw new AppError(ErrorCode.NOT_FOUND);
    // Below level 3 is outside the caller's tree.
    if (parentDepth >= 3) return { items: [], total: 0, offset: query.offset, limit: query.limit };
    const page = await repo.listChildren(
      this.deps.db,
      viewerId,
      parent,
      parentDepth,
      query.role,
      query.offset,
      query.limit,
    );
    return {
      items: page.items.map((row) => ({
        userId: row.userId,
        nickname: row.domain,
        depth: row.depth,
        level: row.referralLevel === 'business' ? 'business' : 'human',
        joinedAt: new Date(row.joinedAt).toISOString(),
        meetingsCount: row.meetingsCount,
        lastActivityAt: row.lastActivityAt ? new Date(row.lastActivityAt).toISOString() : null,
        income: row.income,
        childrenCount: row.childrenCount,
        flagged: row.flagged,
      })),
      total: page.total,
      offset: query.offset,
      limit: query.limit,
    };
  }

  async rewards(
    auth: AuthContext,
    query: { offset: number; limit: number; period?: ReferralPeriod; source?: ReferralSource },
  ): Promise<ReferralRewardsResponse> {
    const from = query.period ? periodStart(query.period, this.now()) : null;
    const page = await repo.rewardsPage(
      this.deps.db,
      auth.user.id,
      { from, source: query.source ?? null },
      query.offset,
      query.limit,
    );
    const chain = this.deps.chain.attached ? this.deps.chain.require().chain : null;
    const items = await Promise.all(
      page.items.map(async (row) => {
        const transaction =
          row.transactionId !== null && chain
            ? await ledger.entry(txOf(this.deps.db), row.transactionId)
            : undefined;
        return {
          id: row.id,
          sourceUserId: row.sourceUserId,
          sourceNickname: row.sourceNickname,
          depth: row.depth,
          source: row.source as ReferralSource,
          baseAmount: row.baseAmount,
          shareBp: row.shareBp,
          amount: row.amount,
          status: row.status as 'accrued' | 'paid' | 'void',
          transaction: transaction && chain ? toTransaction(transaction, chain) : null,
          createdAt: new Date(row.createdAt).toISOString(),
        };
      }),
    );
    return { items, total: page.total, offset: query.offset, limit: query.limit };
  }

  /** Spec §3 Referral figures and §3 periods for the caller. */
  stats(auth: AuthContext): Promise<ReferralStatsResponse> {
    return this.statsOf(auth.user);
  }

  /** The figures of any user (the caller's own, or one on the staff user page). */
  async statsOf(
    user: Pick<UserAccount, 'id' | 'referralCode' | 'referralLevel'>,
  ): Promise<ReferralStatsResponse> {
    const { db } = this.deps;
    const userId = user.id;
    const now = this.now();
    const code = promoCodeOf(user);
    const periods = referralPeriodSchema.options;
    const froms = periods.map((p) => periodStart(p, now));
    const isoDay = (d: Date) => d.toISOString().slice(0, 10);
    // One statement over the rollups; "active" counts the same 30 UTC days as the month.
    const row = await repo.stats(db, userId, froms.map(isoDay), isoDay(periodStart('month', now)));
    const total = row.income;
    const byDay = new Map<string, SourceSums>();
    for (const entry of row.daily) {
      const sums = byDay.get(entry.day) ?? {
        basic_meeting: 0n,
        paid_meeting: 0n,
        business_purchase: 0n,
      };
      sums[entry.source as ReferralSource] += BigInt(entry.total);
      byDay.set(entry.day, sums);
    }
    const periodStats = periods.map((period, i): ReferralPeriodStats => {
      const from = froms[i] ?? now;
      const days = Array.from({ length: REFERRAL_PERIOD_DAYS[period] }, (_, d) => {
        const day = new Date(from.getTime() + d * DAY_MS).toISOString().slice(0, 10);
        return {
          day,
          sums: byDay.get(day) ?? { basic_meeting: 0n, paid_meeting: 0n, business_purchase: 0n },
        };
      });
      const sums: SourceSums = { basic_meeting: 0n, paid_meeting: 0n, business_purchase: 0n };
      for (const { sums: day } of days) for (const s of SOURCES) sums[s] += day[s];
      const c = row.periods[i] ?? { clicks: 0, registrations: 0, buyers: 0 };
      return {
        period,
        from: from.toISOString(),
        income: SOURCES.reduce((sum, s) => sum + sums[s], 0n).toString(),
        incomeBySource: sourceStrings(sums),
        daily: days.map(({ day, sums: d }) => ({ day, ...sourceStrings(d) })),
        clicks: c.clicks,
        registrations: c.registrations,
        buyers: c.buyers,
        registrationConversion: ratio(c.registrations, c.clicks),
        buyerConversion: ratio(c.buyers, c.registrations),
      };
    });
    const month = periodStats.find((p) => p.period === 'month');
    const totalIncome = SOURCES.reduce((sum, s) => sum + total[s], 0n);
    return {
      code,
      linkPath: `/ref/${code}`,
      level: user.referralLevel === 'business' ? 'business' : 'human',
      totalIncome: totalIncome.toString(),
      monthlyIncome: month?.income ?? '0',
      pendingIncome: (totalIncome - row.paid).toString(),
      incomeBySource: sourceStrings(total),
      activeReferrals: row.active,
      totalAttracted: row.levels.reduce((a, b) => a + b, 0),
      levels: row.levels,
      periods: periodStats,
    };
  }

  async settings(): Promise<ReferralSettings> {
    const row = await repo.settings(this.deps.db);
    return { level1Bp: row.level1Bp, level2Bp: row.level2Bp, level3Bp: row.level3Bp };
  }

  async updateSettings(input: ReferralSettings): Promise<ReferralSettings> {
    await repo.updateSettings(this.deps.db, input);
    return this.settings();
  }

  /**
   * The business module's call when a business is approved (Business) or suspended (Human),
   * in its transaction; the tree's copies of the level follow by trigger.
   */
  async setLevel(tx: Tx, userId: number, level: ReferralLevel): Promise<void> {
    await setReferralLevel(tx, userId, level);
  }
}

import { AppError, ErrorCode } from '@meeet/core/api/errors';
import type {
  StaffCpaSection,
  StaffKycSection,
  StaffLedgerSection,
  StaffMeetingsSection,
  StaffPageQuery,
  StaffReferralSection,
  StaffReportsSection,
} from '@meeet/core/api/staff-sections';
import { Role } from '@meeet/core/roles';
import type { Database } from '../../db/client.ts';
import { assertRole } from '../../lib/access.ts';
import type { ChainRuntime } from '../../plugins/chain.ts';
import { txOf } from '../../plugins/db.ts';
import type { CpaService } from '../cpa/cpa.service.ts';
import { kycHistoryOf } from '../kyc/kyc.service.ts';
import { reportsOfUser } from '../meet/safety.service.ts';
import { meetingsOfUser } from '../meetings/meetings.service.ts';
import type { ReferralService } from '../referral/referral.service.ts';
import type { AuthContext } from '../users/sessions.service.ts';
import { userById, usersByIds } from '../users/users.service.ts';
import { transactionsOfUser } from '../wallet/user-ledger.service.ts';

/** Reports shown each way (made, received). */
const REPORTS_SHOWN = 50;

export interface StaffSectionsDeps {
  db: Database;
  chain: ChainRuntime;
  referral: ReferralService;
  cpa: CpaService;
}

type Person = { id: number; nickname: string | null };

/**
 * The sections of a user's page (issue 46), each read from the module that owns it. Moderators
 * read what their work needs (KYC, meetings, reports); the money (ledger, referral, CPA) is for
 * admins (docs/decisions.md, "What moderators see of a user").
 */
export class StaffSections {
  constructor(private readonly deps: StaffSectionsDeps) {}

  /** The user, or 404: every section answers for an existing user only. */
  private async subject(userId: number) {
    const user = await userById(txOf(this.deps.db), userId);
    if (!user) throw new AppError(ErrorCode.USER_NOT_FOUND, { messageKey: 'error.NOT_FOUND' });
    return user;
  }

  /** Ids → who they are; an id no longer found keeps a null nickname. */
  private async people(ids: readonly (number | null)[]): Promise<(id: number) => Person> {
    const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
    const found = await usersByIds(txOf(this.deps.db), wanted);
    const byId = new Map(found.map((user) => [user.id, user.domain]));
    return (id) => ({ id, nickname: byId.get(id) ?? null });
  }

  async kyc(auth: AuthContext | null, userId: number): Promise<StaffKycSection> {
    assertRole(auth, Role.MODERATOR);
    await this.subject(userId);
    const kyc = await kycHistoryOf(txOf(this.deps.db), userId);
    const person = await this.people(kyc.history.map((row) => row.actorId));
    return {
      ...kyc,
      history: kyc.history.map((row) => ({
        ...row,
        actorNickname: row.actorId === null ? null : person(row.actorId).nickname,
      })),
    };
  }

  async ledger(
    auth: AuthContext | null,
    userId: number,
    page: StaffPageQuery,
  ): Promise<StaffLedgerSection> {
    assertRole(auth, Role.ADMIN);
    await this.subject(userId);
    return transactionsOfUser(txOf(this.deps.db), this.deps.chain, userId, page);
  }

  async meetings(
    auth: AuthContext | null,
    userId: number,
    page: StaffPageQuery,
  ): Promise<StaffMeetingsSection> {
    assertRole(auth, Role.MODERATOR);
    await this.subject(userId);
    const { total, list } = await meetingsOfUser(txOf(this.deps.db), userId, page);
    const person = await this.people(list.map((meeting) => meeting.partnerId));
    return {
      ...page,
      total,
      list: list.map(({ partnerId, ...meeting }) => ({ ...meeting, partner: person(partnerId) })),
    };
  }

  async reports(auth: AuthContext | null, userId: number): Promise<StaffReportsSection> {
    assertRole(auth, Role.MODERATOR);
    await this.subject(userId);
    const { made, received } = await reportsOfUser(txOf(this.deps.db), userId, REPORTS_SHOWN);
    const all = [...made, ...received];
    const person = await this.people(all.flatMap((r) => [r.reporterId, r.reportedUserId]));
    const shown = (rows: typeof made) =>
      rows.map(({ reporterId, reportedUserId, ...report }) => ({
        ...report,
        reporter: reporterId === null ? null : person(reporterId),
        reported: person(reportedUserId),
      }));
    return { made: shown(made), received: shown(received) };
  }

  async referral(auth: AuthContext | null, userId: number): Promise<StaffReferralSection> {
    assertRole(auth, Role.ADMIN);
    const user = await this.subject(userId);
    const stats = await this.deps.referral.statsOf(user);
    const person = await this.people([user.referrerId]);
    return {
      code: stats.code,
      level: stats.level,
      totalIncome: stats.totalIncome,
      monthlyIncome: stats.monthlyIncome,
      pendingIncome: stats.pendingIncome,
      incomeBySource: stats.incomeBySource,
      activeReferrals: stats.activeReferrals,
      totalAttracted: stats.totalAttracted,
      levels: stats.levels,
      referrer: user.referrerId === null ? null : person(user.referrerId),
    };
  }

  async cpa(auth: AuthContext | null, userId: number): Promise<StaffCpaSection> {
    const caller = assertRole(auth, Role.ADMIN);
    await this.subject(userId);
    return this.deps.cpa.listLinks(caller, userId);
  }
}

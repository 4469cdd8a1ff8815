import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpaPaths } from '@meeet/core/api/cpa-paths';
import { errorBodySchema } from '@meeet/core/api/errors';
import { kycStateSchema } from '@meeet/core/api/kyc';
import { staffUserDetailSchema } from '@meeet/core/api/staff';
import { StaffSection, staffPaths } from '@meeet/core/api/staff-paths';
import {
  staffCpaSectionSchema,
  staffKycSectionSchema,
  staffLedgerSectionSchema,
  staffMeetingsSectionSchema,
  staffReferralSectionSchema,
  staffReportsSectionSchema,
} from '@meeet/core/api/staff-sections';
import { bearer, registerUser } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { devMailbox } from '../mail/mail.schema.ts';
import { meetReports } from '../meet/meet.schema.ts';
import { meetings } from '../meetings/meetings.schema.ts';
import { completeUser, jpeg, makeRole, upload } from '../media/media.test-support.ts';
import { users } from '../users/users.schema.ts';
import { chainTransactions } from '../wallet/wallet.schema.ts';
import { staffAudit } from './staff.schema.ts';

type Account = Awaited<ReturnType<typeof registerUser>>;

describe("staff user page's sections", () => {
  let t: TestApp;
  let mediaDir: string;
  let admin: Account;
  let moderator: Account;

  const get = (url: string, token: string) =>
    t.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(token) });
  const post = (url: string, token: string, payload?: object) =>
    t.app.inject({ method: 'POST', url: `/api${url}`, headers: bearer(token), payload });
  const section = async (userId: number, name: StaffSection, token = admin.token, query = '') => {
    const response = await get(`${staffPaths.section(userId, name)}${query}`, token);
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const nick = async (account: Account, nickname: string) => {
    await t.db.update(users).set({ domain: nickname }).where(eq(users.id, account.user.id));
  };

  /** The admin's KYC decision on `userId`. */
  const decide = async (userId: number, payload: object) => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/kyc/moderate/${userId}`,
      headers: bearer(admin.token),
      payload,
    });
    expect(response.statusCode).toBe(200);
  };

  /** A user whose verification waits for a moderator (profile, both photos, submitted). */
  async function submittedUser() {
    const user = await completeUser(t.app);
    for (const kind of ['document', 'selfie']) {
      const response = await upload(t.app, user.token, { album: 'kyc', kind }, [
        { name: `${kind}.jpg`, type: 'image/jpeg', data: await jpeg() },
      ]);
      expect(response.statusCode).toBe(201);
    }
    expect((await post('/kyc/submit', user.token)).statusCode).toBe(200);
    return user;
  }

  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'meeet-staff-sections-'));
    t = await createTestApp({ MEDIA_DIR: mediaDir, AUTH_RATE_LIMIT_PER_IP: '1000' });
    admin = await registerUser(t.app);
    moderator = await registerUser(t.app);
    await makeRole(t.db, admin.user.id, 'admin');
    await makeRole(t.db, moderator.user.id, 'moderator');
    await nick(admin, `boss${admin.user.id}`);
  });
  afterAll(async () => {
    await t.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('refuses every section to a user; moderators read KYC, meetings and reports only', async () => {
    const target = await registerUser(t.app);
    const user = await registerUser(t.app);
    for (const name of Object.values(StaffSection)) {
      const response = await get(staffPaths.section(target.user.id, name), user.token);
      expect(response.statusCode).toBe(403);
    }
    const read: StaffSection[] = [StaffSection.KYC, StaffSection.MEETINGS, StaffSection.REPORTS];
    for (const name of Object.values(StaffSection)) {
      const response = await get(staffPaths.section(target.user.id, name), moderator.token);
      expect([name, response.statusCode]).toEqual([name, read.includes(name) ? 200 : 403]);
    }
    const nobody = await get(staffPaths.section(999_999, StaffSection.KYC), admin.token);
    expect(nobody.statusCode).toBe(404);
  });

  it('shows the KYC history: each submission and decision, with the moderator and reason', async () => {
    const target = await submittedUser();
    await decide(target.user.id, { status: 'rejected', moderatorComment: 'Blurred photo' });

    const kyc = staffKycSectionSchema.parse(
      await section(target.user.id, StaffSection.KYC, moderator.token),
    );
    expect(kyc.status).toBe('rejected');
    expect(kyc.submittedAt).not.toBeNull();
    expect(kyc.history.map((row) => [row.toStatus, row.actorId, row.comment])).toEqual([
      ['requested', target.user.id, null],
      ['rejected', admin.user.id, 'Blurred photo'],
    ]);
    expect(kyc.history[1]?.actorNickname).toBe(`boss${admin.user.id}`);
  });

  it('pages the wallet ledger newest first', async () => {
    const target = await registerUser(t.app);
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 12, minutes));
    for (const [i, amount] of ['1', '2', '3'].entries()) {
      await t.db.insert(chainTransactions).values({
        userId: target.user.id,
        type: 'INPUT',
        status: 'CONFIRMED',
        symbol: 'USDT',
        amount,
        fromAddress: `0x${'1'.repeat(40)}`,
        toAddress: `0x${'2'.repeat(40)}`,
        hash: `0x${String(i + 1).repeat(64)}`,
        createdAt: at(i),
      });
    }
    const first = staffLedgerSectionSchema.parse(
      await section(target.user.id, StaffSection.LEDGER, admin.token, '?limit=2'),
    );
    expect(first.total).toBe(3);
    expect(first.list.map((row) => row.amount)).toEqual(['3', '2']);
    const second = staffLedgerSectionSchema.parse(
      await section(target.user.id, StaffSection.LEDGER, admin.token, '?offset=2&limit=2'),
    );
    expect(second.list.map((row) => row.amount)).toEqual(['1']);
    const bad = await get(
      `${staffPaths.section(target.user.id, StaffSection.LEDGER)}?limit=0`,
      admin.token,
    );
    expect(bad.statusCode).toBe(400);
  });

  it('lists meetings with their outcome and partner, and reports made and received', async () => {
    const target = await registerUser(t.app);
    const other = await registerUser(t.app);
    await nick(other, `partner${other.user.id}`);
    const [a, b] = [target.user.id, other.user.id].sort((x, y) => x - y) as [number, number];
    await t.db.insert(meetings).values([
      {
        userA: a,
        userB: b,
        method: 'ble',
        status: 'completed',
        outcome: 'refused',
        reasons: ['pair-already-minted'],
        level: 0,
        startedAt: new Date(Date.UTC(2026, 10, 1)),
        endedAt: new Date(Date.UTC(2026, 10, 1, 0, 25)),
      },
      { userA: a, userB: b, method: 'code', startedAt: new Date(Date.UTC(2026, 10, 2)) },
    ]);
    const list = staffMeetingsSectionSchema.parse(
      await section(target.user.id, StaffSection.MEETINGS, moderator.token),
    );
    expect(list.total).toBe(2);
    expect(list.list.map((m) => [m.status, m.outcome, m.partner.nickname])).toEqual([
      ['active', 'pending', `partner${other.user.id}`],
      ['completed', 'refused', `partner${other.user.id}`],
    ]);
    expect(list.list[1]?.reasons).toEqual(['pair-already-minted']);

    await t.db.insert(meetReports).values([
      { reporterId: target.user.id, reportedUserId: other.user.id, reason: 'spam', text: 'ads' },
      { reporterId: other.user.id, reportedUserId: target.user.id, reason: 'scam' },
      { reporterId: null, reportedUserId: target.user.id, reason: 'scam', status: 'warned' },
    ]);
    const reports = staffReportsSectionSchema.parse(
      await section(target.user.id, StaffSection.REPORTS, moderator.token),
    );
    expect(reports.made.map((r) => [r.reported.nickname, r.reason, r.text])).toEqual([
      [`partner${other.user.id}`, 'spam', 'ads'],
    ]);
    expect(reports.received.map((r) => [r.reporter?.id ?? null, r.status])).toEqual([
      [null, 'warned'],
      [other.user.id, 'open'],
    ]);
  });

  it('shows referral standing with the referrer, and the CPA links with their totals', async () => {
    const referrer = await registerUser(t.app);
    await nick(referrer, `ref${referrer.user.id}`);
    const target = await registerUser(t.app);
    await t.db
      .update(users)
      .set({ referrerId: referrer.user.id })
      .where(eq(users.id, target.user.id));

    const referral = staffReferralSectionSchema.parse(
      await section(target.user.id, StaffSection.REFERRAL),
    );
    expect(referral).toMatchObject({
      level: 'human',
      referrer: { id: referrer.user.id, nickname: `ref${referrer.user.id}` },
      totalAttracted: 0,
      totalIncome: '0',
    });
    const upline = staffReferralSectionSchema.parse(
      await section(referrer.user.id, StaffSection.REFERRAL),
    );
    expect(upline.referrer).toBeNull();

    const created = await post(cpaPaths.links, target.token, { name: 'Spring promo' });
    expect(created.statusCode).toBe(201);
    const cpa = staffCpaSectionSchema.parse(await section(target.user.id, StaffSection.CPA));
    expect(cpa.items.map((link) => [link.name, link.stats.hits, link.stats.profit])).toEqual([
      ['Spring promo', 0, '0'],
    ]);
  });

  it('re-opens a decided KYC: audited, the user is mailed and may submit again', async () => {
    const target = await submittedUser();
    await decide(target.user.id, { status: 'approved', maxNftType: 1 });
    const reopen = (token: string) =>
      post(staffPaths.action(target.user.id), token, {
        action: 'reopen-kyc',
        reason: 'Document expired',
      });

    expect((await reopen(moderator.token)).statusCode).toBe(403);
    const response = await reopen(admin.token);
    expect(response.statusCode).toBe(200);
    const detail = staffUserDetailSchema.parse(response.json());
    expect(detail.user.kycStatus).toBe('draft');
    expect(detail.kyc).toEqual({ status: 'draft', maxNftType: null });
    expect(detail.audit?.[0]).toMatchObject({
      action: 'reopen-kyc',
      reason: 'Document expired',
      actorId: admin.user.id,
      details: { from: 'approved' },
    });

    const mails = await t.db
      .select()
      .from(devMailbox)
      .where(sql`${devMailbox.to} = ${target.user.email}`);
    expect(mails.map((mail) => mail.text).join('\n')).toContain(
      'Your verification was re-opened: Document expired. You can submit it again',
    );

    const state = kycStateSchema.parse((await get('/kyc', target.token)).json());
    expect(state.history.at(-1)).toMatchObject({
      fromStatus: 'approved',
      toStatus: 'draft',
      comment: 'Document expired',
    });
    const again = await post('/kyc/submit', target.token);
    expect(again.statusCode).toBe(200);
    expect(kycStateSchema.parse(again.json()).status).toBe('requested');

    // Under review now: nothing to re-open, and nothing is written.
    const audited = await t.db
      .select()
      .from(staffAudit)
      .where(eq(staffAudit.userId, target.user.id));
    const refused = await reopen(admin.token);
    expect(refused.statusCode).toBe(409);
    expect(errorBodySchema.parse(refused.json()).message).toBe(
      'Only an approved or permanently rejected verification can be re-opened',
    );
    const after = await t.db.select().from(staffAudit).where(eq(staffAudit.userId, target.user.id));
    expect(after).toHaveLength(audited.length);
  });
});

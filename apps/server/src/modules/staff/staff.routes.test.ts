import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@meeet/core/api/errors';
import { staffSearchResultSchema, staffUserDetailSchema } from '@meeet/core/api/staff';
import { staffPaths } from '@meeet/core/api/staff-paths';
import { userPaths } from '@meeet/core/api/user-paths';
import { bearer, PASSWORD, registerUser } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { makeRole } from '../media/media.test-support.ts';
import { users } from '../users/users.schema.ts';
import { wallets } from '../wallet/wallet.schema.ts';
import { staffAudit } from './staff.schema.ts';

type Account = Awaited<ReturnType<typeof registerUser>>;

describe('staff tools API', () => {
  let t: TestApp;
  let admin: Account;
  let moderator: Account;

  const get = (url: string, token: string) =>
    t.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(token) });
  const act = (userId: number, token: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api${staffPaths.action(userId)}`,
      headers: bearer(token),
      payload,
    });
  const search = async (q: string, token = admin.token) => {
    const response = await get(`${staffPaths.search}?q=${encodeURIComponent(q)}`, token);
    expect(response.statusCode).toBe(200);
    return staffSearchResultSchema.parse(response.json()).list;
  };
  const login = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api${userPaths.login}`,
      headers: { 'x-fp': 'fp-test-device' },
      payload: { email, password: PASSWORD },
    });
  const auditOf = (userId: number) =>
    t.db.select().from(staffAudit).where(eq(staffAudit.userId, userId)).orderBy(staffAudit.id);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await registerUser(t.app);
    moderator = await registerUser(t.app);
    await makeRole(t.db, admin.user.id, 'admin');
    await makeRole(t.db, moderator.user.id, 'moderator');
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds a user by e-mail, nickname, id and deposit address, saying which matched', async () => {
    const target = await registerUser(t.app);
    const nickname = `finder${target.user.id}`;
    await t.db.update(users).set({ domain: nickname }).where(eq(users.id, target.user.id));
    const address = `0x${target.user.id.toString(16).padStart(40, 'a')}`;
    await t.db.insert(wallets).values({ userId: target.user.id, address });

    const byKey = async (q: string) => (await search(q)).find((u) => u.id === target.user.id);
    expect(await byKey(target.user.email.toUpperCase())).toMatchObject({ match: 'email' });
    expect(await byKey(target.user.email.slice(0, 12))).toBeDefined();
    expect(await byKey(`@${nickname.toUpperCase()}`)).toMatchObject({ match: 'nickname' });
    expect(await byKey(String(target.user.id))).toMatchObject({ match: 'id' });
    expect(await byKey(address.toUpperCase().replace('0X', '0x'))).toMatchObject({
      match: 'address',
      email: target.user.email,
    });
    expect(await search('nobody-has-this-address@nowhere.test')).toEqual([]);
    // Wildcards typed into the box are letters.
    expect(await search('%')).toEqual([]);
  });

  it('lets moderators read but not act or see the audit; users get 403', async () => {
    const target = await registerUser(t.app);
    const user = await registerUser(t.app);
    expect((await get(`${staffPaths.search}?q=a`, user.token)).statusCode).toBe(403);
    expect((await get(staffPaths.user(target.user.id), user.token)).statusCode).toBe(403);
    const forUser = await act(target.user.id, user.token, { action: 'ban', reason: 'spam' });
    expect(forUser.statusCode).toBe(403);

    const page = await get(staffPaths.user(target.user.id), moderator.token);
    expect(page.statusCode).toBe(200);
    const detail = staffUserDetailSchema.parse(page.json());
    expect(detail.user.email).toBe(target.user.email);
    expect(detail.sessions).toHaveLength(1);
    expect(detail.audit).toBeNull();

    for (const payload of [
      { action: 'ban', reason: 'spam' },
      { action: 'role', role: 'admin', reason: 'promotion' },
    ]) {
      const response = await act(target.user.id, moderator.token, payload);
      expect(response.statusCode).toBe(403);
    }
    expect(await auditOf(target.user.id)).toEqual([]);
    const [row] = await t.db.select().from(users).where(eq(users.id, target.user.id));
    expect(row?.role).toBe('user');
  });

  it('bans: sessions end at once, sign-in is refused clearly; unban lets them in; both audited', async () => {
    const target = await registerUser(t.app);
    expect((await get(userPaths.me, target.token)).statusCode).toBe(200);

    const banned = await act(target.user.id, admin.token, {
      action: 'ban',
      reason: 'Scam messages',
    });
    expect(banned.statusCode).toBe(200);
    const afterBan = staffUserDetailSchema.parse(banned.json());
    expect(afterBan.user.banned).toBe(true);
    expect(afterBan.sessions.every((session) => session.revokedAt !== null)).toBe(true);
    expect((await get(userPaths.me, target.token)).statusCode).toBe(401);

    const refused = await login(target.user.email);
    expect(refused.statusCode).toBe(403);
    expect(errorBodySchema.parse(refused.json()).code).toBe('ACCOUNT_BANNED');

    const again = await act(target.user.id, admin.token, { action: 'ban', reason: 'twice' });
    expect(again.statusCode).toBe(409);
    expect(errorBodySchema.parse(again.json()).message).toBe('This user is already banned');

    const unbanned = await act(target.user.id, admin.token, {
      action: 'unban',
      reason: 'Appeal accepted',
    });
    expect(unbanned.statusCode).toBe(200);
    const afterUnban = staffUserDetailSchema.parse(unbanned.json());
    expect(afterUnban.user.banned).toBe(false);
    expect(afterUnban.audit?.map((entry) => [entry.action, entry.reason])).toEqual([
      ['unban', 'Appeal accepted'],
      ['ban', 'Scam messages'],
    ]);
    expect((await login(target.user.email)).statusCode).toBe(200);

    const rows = await auditOf(target.user.id);
    expect(rows.map((row) => [row.action, row.reason, row.actorId])).toEqual([
      ['ban', 'Scam messages', admin.user.id],
      ['unban', 'Appeal accepted', admin.user.id],
    ]);
  });

  it('changes a role, revokes sessions and lifts a device lock, each with its reason', async () => {
    const target = await registerUser(t.app);
    const role = await act(target.user.id, admin.token, {
      action: 'role',
      role: 'moderator',
      reason: 'Early Silver holder',
    });
    expect(role.statusCode).toBe(200);
    expect(staffUserDetailSchema.parse(role.json()).user.role).toBe('moderator');
    const same = await act(target.user.id, admin.token, {
      action: 'role',
      role: 'moderator',
      reason: 'again',
    });
    expect(same.statusCode).toBe(409);

    const revoked = await act(target.user.id, admin.token, {
      action: 'revoke-sessions',
      reason: 'Lost phone',
    });
    expect(revoked.statusCode).toBe(200);
    expect((await get(userPaths.me, target.token)).statusCode).toBe(401);

    const noLock = await act(target.user.id, admin.token, {
      action: 'lift-device-lock',
      reason: 'Support ticket',
    });
    expect(noLock.statusCode).toBe(409);
    await t.db
      .update(users)
      .set({ deviceLockUntil: new Date(Date.now() + 3_600_000), deviceLockReason: 'new-phone' })
      .where(eq(users.id, target.user.id));
    const lifted = await act(target.user.id, admin.token, {
      action: 'lift-device-lock',
      reason: 'Support ticket',
    });
    expect(lifted.statusCode).toBe(200);
    expect(staffUserDetailSchema.parse(lifted.json()).deviceLock).toBeNull();

    const rows = await auditOf(target.user.id);
    expect(rows.map((row) => [row.action, row.reason, row.details])).toEqual([
      ['role', 'Early Silver holder', { from: 'user', to: 'moderator' }],
      ['revoke-sessions', 'Lost phone', {}],
      ['lift-device-lock', 'Support ticket', {}],
    ]);
  });

  it('refuses an action without a reason, on oneself, or on nobody, and writes nothing', async () => {
    const target = await registerUser(t.app);
    const noReason = await act(target.user.id, admin.token, { action: 'ban', reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    const self = await act(admin.user.id, admin.token, {
      action: 'role',
      role: 'user',
      reason: 'x y z',
    });
    expect(self.statusCode).toBe(403);
    expect(errorBodySchema.parse(self.json()).message).toBe(
      'Staff cannot take this action on their own account',
    );
    const nobody = await act(999_999, admin.token, { action: 'ban', reason: 'whoever' });
    expect(nobody.statusCode).toBe(404);
    const unknown = await act(target.user.id, admin.token, { action: 'delete', reason: 'gone' });
    expect(unknown.statusCode).toBe(400);
    expect(await auditOf(target.user.id)).toEqual([]);
    expect(await auditOf(admin.user.id)).toEqual([]);
  });
});

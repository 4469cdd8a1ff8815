import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@meeet/core/api/errors';
import { kycModerationListSchema } from '@meeet/core/api/kyc';
import { moderatorListSchema, moderatorPaths } from '@meeet/core/api/moderators';
import { NftType } from '@meeet/core/enums';
import { bearer, registerUser } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { marketPurchases } from '../market/market.schema.ts';
import { completeUser, jpeg, makeRole, upload } from '../media/media.test-support.ts';
import { users } from '../users/users.schema.ts';
import { chainTransactions } from '../wallet/wallet.schema.ts';

type Account = Awaited<ReturnType<typeof registerUser>>;

describe('moderators appointed for levels (spec §6)', () => {
  let t: TestApp;
  let mediaDir: string;
  let admin: Account;

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), payload });
  const appoint = (userId: number, token: string, level: NftType, yes = true) =>
    call('POST', moderatorPaths.appoint(userId), token, { level, appoint: yes });
  const holdersOf = async (level: NftType) => {
    const response = await call('GET', moderatorPaths.list, admin.token);
    expect(response.statusCode).toBe(200);
    return moderatorListSchema.parse(response.json()).levels.find((l) => l.level === level)!
      .holders;
  };
  const queue = async (token: string) => {
    const response = await call('GET', '/kyc/moderate/list?limit=100', token);
    expect(response.statusCode).toBe(200);
    return kycModerationListSchema.parse(response.json()).list.map((item) => item.id);
  };
  const kycStatusOf = async (userId: number) =>
    (await t.db.select().from(users).where(eq(users.id, userId)))[0]?.kycStatus;

  /** A purchase of `level` by the user that ended `status` at `at`. */
  async function purchase(userId: number, level: NftType, at: Date, status = 'completed') {
    const [tx] = await t.db
      .insert(chainTransactions)
      .values({ userId, type: 'BUY_NFT', status: 'CONFIRMED', symbol: 'USDT', amount: '0' })
      .returning();
    await t.db
      .insert(marketPurchases)
      .values({ transactionId: tx!.id, userId, level, status, createdAt: at, updatedAt: at });
  }

  /** A user whose first verification waits for a moderator (a Silver application). */
  async function submitted() {
    const user = await completeUser(t.app);
    for (const kind of ['document', 'selfie']) {
      const response = await upload(t.app, user.token, { album: 'kyc', kind }, [
        { name: `${kind}.jpg`, type: 'image/jpeg', data: await jpeg() },
      ]);
      expect(response.statusCode).toBe(201);
    }
    expect((await call('POST', '/kyc/submit', user.token)).statusCode).toBe(200);
    return user;
  }

  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'meeet-moderators-test-'));
    t = await createTestApp({ MEDIA_DIR: mediaDir, AUTH_RATE_LIMIT_PER_IP: '1000' });
    admin = await registerUser(t.app);
    await makeRole(t.db, admin.user.id, 'admin');
  });
  afterAll(async () => {
    await t.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  it("lists a level's earliest holders by first completed purchase, oldest first", async () => {
    const [late, early, middle, gaveUp] = [
      await registerUser(t.app),
      await registerUser(t.app),
      await registerUser(t.app),
      await registerUser(t.app),
    ];
    await purchase(late.user.id, NftType.GOLD, new Date('2001-03-01T00:00:00Z'));
    await purchase(early.user.id, NftType.GOLD, new Date('2001-01-01T00:00:00Z'));
    await purchase(middle.user.id, NftType.GOLD, new Date('2001-02-01T00:00:00Z'));
    // A second purchase later does not move the early buyer back.
    await purchase(early.user.id, NftType.GOLD, new Date('2001-04-01T00:00:00Z'));
    await purchase(gaveUp.user.id, NftType.GOLD, new Date('2000-01-01T00:00:00Z'), 'canceled');

    const ours = new Set([late, early, middle, gaveUp].map((a) => a.user.id));
    const gold = (await holdersOf(NftType.GOLD)).filter((h) => ours.has(h.id));
    expect(gold.map((h) => h.id)).toEqual([early.user.id, middle.user.id, late.user.id]);
    expect(gold[0]).toMatchObject({
      email: early.user.email,
      firstPurchaseAt: '2001-01-01T00:00:00.000Z',
      role: 'user',
      moderates: [],
    });
    expect((await holdersOf(NftType.SILVER)).some((h) => ours.has(h.id))).toBe(false);
  });

  it('lets only admins appoint, and only holders of the level', async () => {
    const holder = await registerUser(t.app);
    const moderator = await registerUser(t.app);
    await makeRole(t.db, moderator.user.id, 'moderator');
    await purchase(holder.user.id, NftType.SILVER, new Date('2002-01-01T00:00:00Z'));

    for (const token of [moderator.token, holder.token]) {
      expect((await call('GET', moderatorPaths.list, token)).statusCode).toBe(403);
      expect((await appoint(holder.user.id, token, NftType.SILVER)).statusCode).toBe(403);
    }
    const notHolder = await appoint(holder.user.id, admin.token, NftType.GOLD);
    expect(notHolder.statusCode).toBe(409);
    expect(errorBodySchema.parse(notHolder.json()).message).toMatch(/holder of this level/);

    const appointed = await appoint(holder.user.id, admin.token, NftType.SILVER);
    expect(appointed.statusCode).toBe(200);
    expect(appointed.json()).toEqual({
      userId: holder.user.id,
      role: 'moderator',
      moderates: [NftType.SILVER],
    });
    expect((await appoint(holder.user.id, admin.token, NftType.SILVER)).statusCode).toBe(409);
    const listed = (await holdersOf(NftType.SILVER)).find((h) => h.id === holder.user.id);
    expect(listed).toMatchObject({ role: 'moderator', moderates: [NftType.SILVER] });

    const removed = await appoint(holder.user.id, admin.token, NftType.SILVER, false);
    expect(removed.json()).toMatchObject({ moderates: [] });
    expect((await appoint(holder.user.id, admin.token, NftType.SILVER, false)).statusCode).toBe(
      409,
    );
    expect((await appoint(999_999, admin.token, NftType.SILVER)).statusCode).toBe(404);
  });

  it('keeps a Silver moderator to Silver applications; admins see and decide all', async () => {
    const silverMod = await registerUser(t.app);
    await purchase(silverMod.user.id, NftType.SILVER, new Date('2003-01-01T00:00:00Z'));
    expect((await appoint(silverMod.user.id, admin.token, NftType.SILVER)).statusCode).toBe(200);
    const unassigned = await registerUser(t.app);
    await makeRole(t.db, unassigned.user.id, 'moderator');

    const silver = await submitted();
    const platinum = await submitted();
    const approved = await call('PATCH', `/kyc/moderate/${platinum.user.id}`, admin.token, {
      status: 'approved',
      maxNftType: NftType.SILVER,
    });
    expect(approved.statusCode).toBe(200);
    const asked = await call('POST', '/kyc/level-request', platinum.token, {
      level: NftType.PLATINUM,
    });
    expect(asked.statusCode).toBe(200);

    const seen = await queue(silverMod.token);
    expect(seen).toContain(silver.user.id);
    expect(seen).not.toContain(platinum.user.id);
    expect(await queue(unassigned.token)).toEqual([]);
    expect(await queue(admin.token)).toEqual(
      expect.arrayContaining([silver.user.id, platinum.user.id]),
    );

    const decidePlatinum = await call(
      'PATCH',
      `/kyc/moderate/${platinum.user.id}`,
      silverMod.token,
      { status: 'approved', maxNftType: NftType.PLATINUM },
    );
    expect(decidePlatinum.statusCode).toBe(403);
    expect(errorBodySchema.parse(decidePlatinum.json()).message).toMatch(/do not moderate/);
    // Nor may a Silver moderator grant more than Silver on a Silver application.
    const tooHigh = await call('PATCH', `/kyc/moderate/${silver.user.id}`, silverMod.token, {
      status: 'approved',
      maxNftType: NftType.GOLD,
    });
    expect(tooHigh.statusCode).toBe(403);
    const byUnassigned = await call('PATCH', `/kyc/moderate/${silver.user.id}`, unassigned.token, {
      status: 'rejected',
      moderatorComment: 'blurred',
    });
    expect(byUnassigned.statusCode).toBe(403);
    expect(await kycStatusOf(silver.user.id)).toBe('requested');

    const ok = await call('PATCH', `/kyc/moderate/${silver.user.id}`, silverMod.token, {
      status: 'approved',
      maxNftType: NftType.SILVER,
    });
    expect(ok.statusCode).toBe(200);
    const byAdmin = await call('PATCH', `/kyc/moderate/${platinum.user.id}`, admin.token, {
      status: 'approved',
      maxNftType: NftType.PLATINUM,
    });
    expect(byAdmin.statusCode).toBe(200);
  });
});

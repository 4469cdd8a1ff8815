import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@meeet/core/api/errors';
import {
  kycModerationItemSchema,
  kycModerationListSchema,
  kycStateSchema,
} from '@meeet/core/api/kyc';
import { mediaListSchema } from '@meeet/core/api/media';
import type { NotificationPayload } from '@meeet/core/api/realtime';
import type { KycStatus } from '@meeet/core/enums';
import { bearer, registerUser } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { devMailbox } from '../mail/mail.schema.ts';
import { completeUser, jpeg, makeRole, upload } from '../media/media.test-support.ts';
import { openSocket } from '../meet/meet.test-support.ts';
import { moderateLevels } from '../staff/moderators.test-support.ts';
import { users } from '../users/users.schema.ts';
import { kycDecisions } from './kyc.schema.ts';

describe('KYC API', () => {
  let t: TestApp;
  let mediaDir: string;
  let moderator: Awaited<ReturnType<typeof registerUser>>;
  let admin: Awaited<ReturnType<typeof registerUser>>;

  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url: `/api${url}`, headers: token ? bearer(token) : {} });
  const post = (url: string, token: string, payload?: object) =>
    t.app.inject({ method: 'POST', url: `/api${url}`, headers: bearer(token), payload });
  const patch = (url: string, token: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api${url}`, headers: bearer(token), payload });

  const moderate = (userId: number, token: string, payload: object) =>
    patch(`/kyc/moderate/${userId}`, token, payload);

  async function statusOf(userId: number): Promise<string | undefined> {
    const [row] = await t.db
      .select({ kycStatus: users.kycStatus })
      .from(users)
      .where(eq(users.id, userId));
    return row?.kycStatus;
  }

  async function decisionCount(userId: number): Promise<number> {
    const rows = await t.db.select().from(kycDecisions).where(eq(kycDecisions.userId, userId));
    return rows.length;
  }

  async function uploadBoth(token: string) {
    for (const kind of ['document', 'selfie']) {
      const response = await upload(t.app, token, { album: 'kyc', kind }, [
        { name: `${kind}.jpg`, type: 'image/jpeg', data: await jpeg() },
      ]);
      expect(response.statusCode).toBe(201);
    }
  }

  /** A user whose verification is waiting for a moderator. */
  async function requestedUser(lastName = 'Tester') {
    const user = await completeUser(t.app, lastName);
    await uploadBoth(user.token);
    const response = await post('/kyc/submit', user.token);
    expect(response.statusCode).toBe(200);
    return user;
  }

  /** Asserts a refused transition: 409, a clear message, no status or history change. */
  async function refusedTransition(
    userId: number,
    call: () => Promise<{ statusCode: number; json: () => unknown }>,
  ) {
    const status = await statusOf(userId);
    const decisions = await decisionCount(userId);
    const response = await call();
    expect(response.statusCode).toBe(409);
    const body = errorBodySchema.parse(response.json());
    expect(body.message).toMatch(/cannot change from/);
    expect(await statusOf(userId)).toBe(status);
    expect(await decisionCount(userId)).toBe(decisions);
  }

  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'meeet-kyc-test-'));
    t = await createTestApp({ MEDIA_DIR: mediaDir, AUTH_RATE_LIMIT_PER_IP: '1000' });
    moderator = await registerUser(t.app);
    await makeRole(t.db, moderator.user.id, 'moderator');
    await moderateLevels(t.db, moderator.user.id);
    admin = await registerUser(t.app);
    await makeRole(t.db, admin.user.id, 'admin');
  });
  afterAll(async () => {
    await t.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('walks the steps: profile, document, selfie, submit', async () => {
    const user = await registerUser(t.app);
    const initial = kycStateSchema.parse((await get('/kyc', user.token)).json());
    expect(initial).toMatchObject({
      status: 'draft',
      profileComplete: false,
      document: null,
      selfie: null,
      history: [],
    });

    const early = await post('/kyc/submit', user.token);
    expect(early.statusCode).toBe(400);
    expect(errorBodySchema.parse(early.json()).fields).toEqual({
      profile: 'Complete your profile before verification',
      document: 'Add a photo of your identity document',
      selfie: 'Add a selfie',
    });
    expect(await statusOf(user.user.id)).toBe('draft');

    const complete = await completeUser(t.app);
    await upload(t.app, complete.token, { album: 'kyc', kind: 'document' }, [
      { name: 'd.jpg', type: 'image/jpeg', data: await jpeg() },
    ]);
    const withoutSelfie = await post('/kyc/submit', complete.token);
    expect(errorBodySchema.parse(withoutSelfie.json()).fields).toEqual({ selfie: 'Add a selfie' });
    await upload(t.app, complete.token, { album: 'kyc', kind: 'selfie' }, [
      { name: 's.jpg', type: 'image/jpeg', data: await jpeg() },
    ]);
    const submitted = await post('/kyc/submit', complete.token);
    expect(submitted.statusCode).toBe(200);
    const state = kycStateSchema.parse(submitted.json());
    expect(state.status).toBe('requested');
    expect(state.document?.kind).toBe('document');
    expect(state.selfie?.kind).toBe('selfie');
    expect(state.history).toMatchObject([
      { fromStatus: 'draft', toStatus: 'requested', actor: 'user' },
    ]);
    expect(await statusOf(complete.user.id)).toBe('requested');
    const me = await get('/user/me', complete.token);
    expect(me.json()).toMatchObject({ kycStatus: 'requested' });

    // Under review the photos are locked.
    const replace = await upload(t.app, complete.token, { album: 'kyc', kind: 'selfie' }, [
      { name: 's.jpg', type: 'image/jpeg', data: await jpeg() },
    ]);
    expect(replace.statusCode).toBe(409);
    const remove = await t.app.inject({
      method: 'DELETE',
      url: `/api/media/${state.selfie!.id}`,
      headers: bearer(complete.token),
    });
    expect(remove.statusCode).toBe(409);
    // Submitting twice is a refused transition.
    await refusedTransition(complete.user.id, () => post('/kyc/submit', complete.token));
  });

  it('keeps the moderation calls to moderators and admins', async () => {
    const user = await requestedUser();
    const list = await get('/kyc/moderate/list', user.token);
    expect(list.statusCode).toBe(403);
    expect(errorBodySchema.parse(list.json()).code).toBe('FORBIDDEN');
    const decided = await moderate(user.user.id, user.token, { status: 'approved', maxNftType: 2 });
    expect(decided.statusCode).toBe(403);
    const other = await requestedUser();
    expect(
      (await moderate(other.user.id, user.token, { status: 'approved', maxNftType: 2 })).statusCode,
    ).toBe(403);
    expect((await get('/kyc/moderate/list')).statusCode).toBe(401);
    expect(await statusOf(user.user.id)).toBe('requested');
    expect(await statusOf(other.user.id)).toBe('requested');
    expect((await get('/kyc/moderate/list', admin.token)).statusCode).toBe(200);
  });

  it('lists with status filter, last-name prefix and paging', async () => {
    const lastName = `Zyx${Date.now().toString(36)}`;
    const a = await requestedUser(`${lastName}a`);
    const b = await requestedUser(`${lastName}b`);
    await requestedUser(`${lastName}c`);
    await requestedUser('Other');
    const page1 = kycModerationListSchema.parse(
      (
        await get(
          `/kyc/moderate/list?status=requested&lastName=${lastName.toLowerCase()}&limit=2`,
          moderator.token,
        )
      ).json(),
    );
    expect(page1).toMatchObject({ offset: 0, limit: 2, total: 3 });
    expect(page1.list.map((item) => item.id)).toEqual([a.user.id, b.user.id]);
    expect(page1.list[0]).toMatchObject({ status: 'requested', lastName: `${lastName}a` });
    expect(page1.list[0]!.documentId).toBeTruthy();
    expect(page1.list[0]!.selfieId).toBeTruthy();
    const page2 = kycModerationListSchema.parse(
      (
        await get(
          `/kyc/moderate/list?status=requested&lastName=${lastName}&offset=2&limit=2`,
          moderator.token,
        )
      ).json(),
    );
    expect(page2.list).toHaveLength(1);
    const wildcard = kycModerationListSchema.parse(
      (await get(`/kyc/moderate/list?lastName=%25`, moderator.token)).json(),
    );
    expect(wildcard.total).toBe(0);
    expect((await get('/kyc/moderate/list?status=nonsense', moderator.token)).statusCode).toBe(400);
    expect((await get('/kyc/moderate/list?limit=1000', moderator.token)).statusCode).toBe(400);
  });

  it('approves with a maximum NFT level, tells the user, and locks the name', async () => {
    const user = await requestedUser();
    const url = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const socket = await openSocket(url, user.token);
    try {
      const notified = new Promise<NotificationPayload>((resolve) =>
        socket.once('notification', resolve),
      );

      const missingLevel = await moderate(user.user.id, moderator.token, { status: 'approved' });
      expect(missingLevel.statusCode).toBe(400);
      expect(errorBodySchema.parse(missingLevel.json()).fields).toEqual({
        maxNftType: 'Choose the highest NFT level allowed',
      });

      const response = await moderate(user.user.id, moderator.token, {
        status: 'approved',
        maxNftType: 1,
        moderatorComment: 'All good',
      });
      expect(response.statusCode).toBe(200);
      const item = kycModerationItemSchema.parse(response.json());
      expect(item).toMatchObject({
        status: 'approved',
        maxNftType: 1,
        moderatorComment: 'All good',
      });
      expect(item.history.map((h) => [h.fromStatus, h.toStatus, h.actor, h.actorId])).toEqual([
        ['draft', 'requested', 'user', user.user.id],
        ['requested', 'approved', 'moderator', moderator.user.id],
      ]);
      expect(await notified).toMatchObject({
        color: 'success',
        text: expect.stringContaining('Gold'),
      });
    } finally {
      socket.disconnect();
    }
    expect(await statusOf(user.user.id)).toBe('approved');
    const mails = await t.db
      .select()
      .from(devMailbox)
      .where(sql`${devMailbox.to} = ${user.user.email}`);
    expect(mails.map((m) => m.text).join('\n')).toContain('Gold');

    const state = kycStateSchema.parse((await get('/kyc', user.token)).json());
    expect(state).toMatchObject({ status: 'approved', maxNftType: 1 });
    const publicProfile = await get(`/user/profile/${user.user.id}`, moderator.token);
    expect(publicProfile.json()).toMatchObject({ kycVerified: true });
    const rename = await post('/user/profile-update', user.token, { lastName: 'Changed' });
    expect(rename.statusCode).toBe(403);
  });

  it('mails a Russian user in Russian', async () => {
    const user = await requestedUser();
    await post('/user/profile-update', user.token, { locale: 'ru' });
    await moderate(user.user.id, admin.token, {
      status: 'rejected',
      moderatorComment: 'Фото размыто',
    });
    const [mail] = await t.db
      .select()
      .from(devMailbox)
      .where(sql`${devMailbox.to} = ${user.user.email}`);
    expect(mail?.text).toContain('Верификация отклонена: Фото размыто');
  });

  it('refuses every transition the status machine does not allow', async () => {
    const all: KycStatus[] = ['draft', 'requested', 'approved', 'rejected', 'rejected_forever'];
    const payload = (status: KycStatus) => ({
      status,
      maxNftType: 0,
      moderatorComment: 'Reason',
    });

    // Draft (never submitted): a moderator can do nothing.
    const draft = await completeUser(t.app);
    for (const to of all)
      await refusedTransition(draft.user.id, () =>
        moderate(draft.user.id, moderator.token, payload(to)),
      );

    // Requested: not to draft or requested.
    const requested = await requestedUser();
    for (const to of ['draft', 'requested'] as const) {
      await refusedTransition(requested.user.id, () =>
        moderate(requested.user.id, moderator.token, payload(to)),
      );
    }

    // Approved: not to draft (approved → approved changes the level); the user cannot submit.
    expect(
      (await moderate(requested.user.id, moderator.token, payload('approved'))).statusCode,
    ).toBe(200);
    for (const to of ['draft'] as const) {
      await refusedTransition(requested.user.id, () =>
        moderate(requested.user.id, moderator.token, payload(to)),
      );
    }
    await refusedTransition(requested.user.id, () => post('/kyc/submit', requested.token));

    // Re-check: approved → requested, then rejected (comment required).
    expect(
      (await moderate(requested.user.id, moderator.token, payload('requested'))).statusCode,
    ).toBe(200);
    expect(await statusOf(requested.user.id)).toBe('requested');
    const noComment = await moderate(requested.user.id, moderator.token, { status: 'rejected' });
    expect(noComment.statusCode).toBe(400);
    expect(
      (await moderate(requested.user.id, moderator.token, payload('rejected'))).statusCode,
    ).toBe(200);
    const rejectedState = kycStateSchema.parse((await get('/kyc', requested.token)).json());
    expect(rejectedState).toMatchObject({
      status: 'rejected',
      moderatorComment: 'Reason',
      maxNftType: null,
    });

    // Rejected: a moderator cannot decide again; the user may resubmit with new photos.
    for (const to of all) {
      await refusedTransition(requested.user.id, () =>
        moderate(requested.user.id, moderator.token, payload(to)),
      );
    }
    await uploadBoth(requested.token);
    expect((await post('/kyc/submit', requested.token)).statusCode).toBe(200);

    // Revocation of an approval: approved → rejected_forever; then nothing moves.
    expect(
      (await moderate(requested.user.id, moderator.token, payload('approved'))).statusCode,
    ).toBe(200);
    expect(
      (await moderate(requested.user.id, moderator.token, payload('rejected_forever'))).statusCode,
    ).toBe(200);
    for (const to of all) {
      await refusedTransition(requested.user.id, () =>
        moderate(requested.user.id, moderator.token, payload(to)),
      );
    }
    await refusedTransition(requested.user.id, () => post('/kyc/submit', requested.token));
    const forever = await upload(t.app, requested.token, { album: 'kyc', kind: 'document' }, [
      { name: 'd.jpg', type: 'image/jpeg', data: await jpeg() },
    ]);
    expect(forever.statusCode).toBe(409);
    const history = kycStateSchema.parse((await get('/kyc', requested.token)).json()).history;
    expect(history.map((h) => h.toStatus)).toEqual([
      'requested',
      'approved',
      'requested',
      'rejected',
      'requested',
      'approved',
      'rejected_forever',
    ]);
  });

  it('lets a verified user ask for a higher level, answered by the next decision', async () => {
    const user = await requestedUser('Climber');
    // Not verified yet: nothing to raise.
    const early = await post('/kyc/level-request', user.token, { level: 2 });
    expect(early.statusCode).toBe(409);
    expect(errorBodySchema.parse(early.json()).message).toBe(
      'A higher level can be asked for once your identity is verified',
    );

    await moderate(user.user.id, moderator.token, { status: 'approved', maxNftType: 0 });
    const same = await post('/kyc/level-request', user.token, { level: 0 });
    expect(same.statusCode).toBe(400);
    expect(errorBodySchema.parse(same.json()).message).toBe(
      'Your verification already allows Silver',
    );
    const bad = await post('/kyc/level-request', user.token, { level: 7 });
    expect(bad.statusCode).toBe(400);

    const asked = await post('/kyc/level-request', user.token, { level: 2 });
    expect(asked.statusCode).toBe(200);
    // The approval stands while the request waits.
    expect(kycStateSchema.parse(asked.json())).toMatchObject({
      status: 'approved',
      maxNftType: 0,
      requestedNftType: 2,
      levelRequestedAt: expect.any(String),
    });
    expect(await statusOf(user.user.id)).toBe('approved');

    // Moderators find it among the level requests, and only there.
    const waiting = kycModerationListSchema.parse(
      (
        await get('/kyc/moderate/list?levelRequested=true&lastName=Climber', moderator.token)
      ).json(),
    );
    expect(waiting.list.map((item) => [item.id, item.requestedNftType])).toEqual([
      [user.user.id, 2],
    ]);
    const others = kycModerationListSchema.parse(
      (
        await get('/kyc/moderate/list?levelRequested=false&lastName=Climber', moderator.token)
      ).json(),
    );
    expect(others.total).toBe(0);
    // A user cannot see the queue.
    expect((await get('/kyc/moderate/list?levelRequested=true', user.token)).statusCode).toBe(403);

    // The answer: approved again with Gold; the request is cleared.
    const answered = await moderate(user.user.id, moderator.token, {
      status: 'approved',
      maxNftType: 1,
      moderatorComment: 'Gold for now',
    });
    expect(answered.statusCode).toBe(200);
    expect(kycModerationItemSchema.parse(answered.json())).toMatchObject({
      status: 'approved',
      maxNftType: 1,
      requestedNftType: null,
      levelRequestedAt: null,
    });
    expect(kycStateSchema.parse((await get('/kyc', user.token)).json())).toMatchObject({
      maxNftType: 1,
      requestedNftType: null,
    });
  });

  it('does not let a moderator decide their own verification', async () => {
    const self = await completeUser(t.app);
    await uploadBoth(self.token);
    await post('/kyc/submit', self.token);
    await makeRole(t.db, self.user.id, 'moderator');
    const response = await moderate(self.user.id, self.token, {
      status: 'approved',
      maxNftType: 2,
    });
    expect(response.statusCode).toBe(403);
    expect(await statusOf(self.user.id)).toBe('requested');
    expect(
      (await moderate(999_999, moderator.token, { status: 'approved', maxNftType: 2 })).statusCode,
    ).toBe(404);
  });

  it('shows the moderator the submitted photos', async () => {
    const user = await requestedUser();
    const list = kycModerationListSchema.parse(
      (await get(`/kyc/moderate/list?status=requested&limit=100`, moderator.token)).json(),
    );
    const item = list.list.find((entry) => entry.id === user.user.id);
    const image = await get(`/media/kyc/${item!.documentId}/large`, moderator.token);
    expect(image.statusCode).toBe(200);
    const album = await get(`/media/album/kyc?userId=${user.user.id}`, moderator.token);
    expect(mediaListSchema.parse(album.json()).list).toHaveLength(2);
  });
});

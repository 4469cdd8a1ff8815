import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorBodySchema } from '@meeet/core/api/errors';
import { mediaListSchema } from '@meeet/core/api/media';
import { newsItemSchema, newsListSchema } from '@meeet/core/api/news';
import type { NotificationPayload } from '@meeet/core/api/realtime';
import { bearer, registerUser } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { jpeg, makeRole, upload } from '../media/media.test-support.ts';
import { openSocket } from '../meet/meet.test-support.ts';

describe('news API', () => {
  let t: TestApp;
  let mediaDir: string;
  let admin: Awaited<ReturnType<typeof registerUser>>;
  let user: Awaited<ReturnType<typeof registerUser>>;

  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url: `/api${url}`, headers: token ? bearer(token) : {} });
  const save = (token: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/notif/news/',
      headers: bearer(token),
      payload,
    });
  const remove = (token: string, id: number) =>
    t.app.inject({ method: 'DELETE', url: `/api/notif/news/${id}`, headers: bearer(token) });

  let counter = 0;
  function draft(overrides: object = {}) {
    counter++;
    return {
      titleEn: `Title ${counter}`,
      titleRu: `Заголовок ${counter}`,
      bodyEn: `**Body** ${counter}`,
      bodyRu: `**Текст** ${counter}`,
      status: 'DRAFT',
      ...overrides,
    };
  }

  async function created(payload: object) {
    const response = await save(admin.token, payload);
    expect(response.statusCode).toBe(200);
    return newsItemSchema.parse(response.json());
  }

  const publicIds = async (token?: string) =>
    newsListSchema.parse((await get('/notif/news/?limit=50', token)).json()).list.map((n) => n.id);

  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'meeet-news-test-'));
    t = await createTestApp({ MEDIA_DIR: mediaDir, AUTH_RATE_LIMIT_PER_IP: '1000' });
    admin = await registerUser(t.app);
    await makeRole(t.db, admin.user.id, 'admin');
    user = await registerUser(t.app);
  });
  afterAll(async () => {
    await t.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('refuses writes to guests, users and moderators, and changes nothing', async () => {
    const moderator = await registerUser(t.app);
    await makeRole(t.db, moderator.user.id, 'moderator');
    const item = await created(draft());
    const before = await get(`/notif/news/${item.id}`, admin.token);

    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/notif/news/',
      payload: draft(),
    });
    expect(guest.statusCode).toBe(401);
    for (const token of [user.token, moderator.token]) {
      expect((await save(token, draft())).statusCode).toBe(403);
      expect((await save(token, { ...draft(), id: item.id })).statusCode).toBe(403);
      expect((await remove(token, item.id)).statusCode).toBe(403);
      const listAll = await get('/notif/news/?all=true', token);
      expect(listAll.statusCode).toBe(403);
      expect(errorBodySchema.parse(listAll.json()).code).toBe('FORBIDDEN');
      expect((await get('/notif/news/?status=DRAFT', token)).statusCode).toBe(403);
    }
    expect((await get(`/notif/news/${item.id}`, admin.token)).json()).toEqual(before.json());
  });

  it('keeps drafts from users and guests, and shows them to admins', async () => {
    const item = await created(draft());
    expect(await publicIds()).not.toContain(item.id);
    expect(await publicIds(user.token)).not.toContain(item.id);
    expect((await get(`/notif/news/${item.id}`, user.token)).statusCode).toBe(404);
    expect((await get(`/notif/news/${item.id}`)).statusCode).toBe(404);

    const drafts = newsListSchema.parse(
      (await get('/notif/news/?status=DRAFT&limit=50', admin.token)).json(),
    );
    expect(drafts.list.map((n) => n.id)).toContain(item.id);
    expect(drafts.list.every((n) => n.status === 'DRAFT')).toBe(true);

    const published = await created({ ...draft(), id: item.id, status: 'PUBLISHED' });
    expect(published.id).toBe(item.id);
    expect(await publicIds(user.token)).toContain(item.id);
    const read = newsItemSchema.parse((await get(`/notif/news/${item.id}`)).json());
    expect(read.titleRu).toMatch(/^Заголовок/);
  });

  it('shows a scheduled item only from its time, newest first', async () => {
    const earlier = await created(draft({ status: 'PUBLISHED' }));
    const at = new Date(Date.now() + 1500).toISOString();
    const scheduled = await created(draft({ status: 'PUBLISHED', publishAt: at }));
    expect(await publicIds(user.token)).not.toContain(scheduled.id);
    const all = newsListSchema.parse((await get('/notif/news/?all=true', admin.token)).json());
    expect(all.list.map((n) => n.id)).toContain(scheduled.id);

    await vi.waitFor(
      async () => {
        const ids = await publicIds(user.token);
        expect(ids.indexOf(scheduled.id)).toBe(0);
        expect(ids.indexOf(earlier.id)).toBeGreaterThan(0);
      },
      { timeout: 10_000, interval: 200 },
    );
  });

  it('validates input with 400s, not 500s', async () => {
    const empty = await save(admin.token, draft({ titleEn: '  ' }));
    expect(empty.statusCode).toBe(400);
    expect(errorBodySchema.parse(empty.json()).fields).toHaveProperty('titleEn');
    expect((await save(admin.token, draft({ status: 'LIVE' }))).statusCode).toBe(400);
    expect((await save(admin.token, draft({ publishAt: 'tomorrow' }))).statusCode).toBe(400);
    expect((await save(admin.token, { ...draft(), id: 999_999 })).statusCode).toBe(404);
    expect((await get('/notif/news/?limit=1000')).statusCode).toBe(400);
    expect((await get('/notif/news/abc')).statusCode).toBe(400);

    const notNewsImage = await upload(t.app, user.token, { album: 'profile_photos' }, [
      { name: 'p.jpg', type: 'image/jpeg', data: await jpeg() },
    ]);
    const [photo] = mediaListSchema.parse(notNewsImage.json()).list;
    const wrongCover = await save(admin.token, draft({ coverId: photo?.id }));
    expect(wrongCover.statusCode).toBe(400);
    expect(errorBodySchema.parse(wrongCover.json()).fields).toEqual({
      coverId: 'Choose a cover uploaded to the news album',
    });
  });

  it('deletes an item', async () => {
    const item = await created(draft({ status: 'PUBLISHED' }));
    expect((await remove(admin.token, item.id)).statusCode).toBe(200);
    expect(await publicIds()).not.toContain(item.id);
    expect((await remove(admin.token, item.id)).statusCode).toBe(404);
  });

  it('tells signed-in users of a published item once, in their language, with its cover', async () => {
    const russian = await registerUser(t.app, { locale: 'ru' });
    const url = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const open = async (token: string) => {
      const socket = await openSocket(url, token);
      const heard: NotificationPayload[] = [];
      socket.on('notification', (payload) => heard.push(payload));
      return { socket, heard };
    };
    const sockets: Socket[] = [];
    try {
      const en = await open(user.token);
      const ru = await open(russian.token);
      sockets.push(en.socket, ru.socket);

      const cover = await upload(t.app, admin.token, { album: 'news' }, [
        { name: 'c.jpg', type: 'image/jpeg', data: await jpeg() },
      ]);
      expect(cover.statusCode).toBe(201);
      const [image] = mediaListSchema.parse(cover.json()).list;
      const item = await created(draft({ status: 'PUBLISHED', coverId: image?.id }));
      expect(item.coverId).toBe(image?.id);

      await vi.waitFor(() => {
        expect(en.heard).toEqual([
          expect.objectContaining({ text: `News: ${item.titleEn}`, link: `/news/${item.id}` }),
        ]);
        expect(ru.heard).toEqual([
          expect.objectContaining({ text: `Новость: ${item.titleRu}`, link: `/news/${item.id}` }),
        ]);
      });
      // Saving it again (an edit) does not announce it a second time.
      await created({ ...draft({ status: 'PUBLISHED' }), id: item.id });
      const marker = await created(draft({ status: 'PUBLISHED' }));
      await vi.waitFor(() => expect(en.heard).toHaveLength(2));
      expect(en.heard[1]?.link).toBe(`/news/${marker.id}`);
    } finally {
      for (const socket of sockets) socket.disconnect();
    }
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@meeet/core/api/errors';
import { mediaItemSchema, mediaListSchema } from '@meeet/core/api/media';
import { bearer, registerUser } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  filesUnder,
  jpeg,
  makeRole,
  png,
  pngBomb,
  SVG,
  upload,
  type UploadFile,
} from './media.test-support.ts';

describe('media API', () => {
  let t: TestApp;
  let mediaDir: string;

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api${url}`, headers });
  const del = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'DELETE', url: `/api${url}`, headers });
  const mediaRows = async () =>
    (await t.db.execute<{ count: number }>(sql`select count(*)::int as count from media`)).rows[0]
      ?.count;

  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'meeet-media-test-'));
    t = await createTestApp({
      MEDIA_DIR: mediaDir,
      MEDIA_MAX_UPLOAD_MB: '1',
      MEDIA_MAX_MEGAPIXELS: '4',
      AUTH_RATE_LIMIT_PER_IP: '1000',
    });
  });
  afterAll(async () => {
    await t.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  describe('refused files leave nothing behind', () => {
    const cases: Array<[string, () => Promise<UploadFile>, number, string]> = [
      [
        'a text file named .jpg',
        async () => ({ name: 'photo.jpg', type: 'image/jpeg', data: Buffer.from('just text') }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ],
      [
        'an SVG',
        async () => ({ name: 'photo.svg', type: 'image/svg+xml', data: SVG }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ],
      [
        'an SVG named .png',
        async () => ({ name: 'photo.png', type: 'image/png', data: SVG }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ],
      [
        'a truncated JPEG',
        async () => {
          const whole = await jpeg({ width: 800, height: 600 });
          return {
            name: 'cut.jpg',
            type: 'image/jpeg',
            data: whole.subarray(0, Math.floor(whole.length / 2)),
          };
        },
        400,
        'BAD_REQUEST',
      ],
      [
        'a file over the size limit',
        async () => {
          const head = await jpeg({ width: 32, height: 32 });
          return {
            name: 'big.jpg',
            type: 'image/jpeg',
            data: Buffer.concat([head, Buffer.alloc(1024 * 1024 + 10, 1)]),
          };
        },
        413,
        'PAYLOAD_TOO_LARGE',
      ],
      [
        'a decompression bomb (tiny PNG declaring 100000 × 100000 pixels)',
        async () => ({ name: 'bomb.png', type: 'image/png', data: await pngBomb() }),
        413,
        'PAYLOAD_TOO_LARGE',
      ],
      [
        'an image just over the pixel limit',
        async () => ({ name: 'wide.png', type: 'image/png', data: await png(2001, 2000) }),
        413,
        'PAYLOAD_TOO_LARGE',
      ],
    ];

    for (const [label, make, status, code] of cases) {
      it(`refuses ${label}`, async () => {
        const user = await registerUser(t.app);
        const file = await make();
        for (const album of ['profile_photos', 'kyc']) {
          const response = await upload(
            t.app,
            user.token,
            { album, ...(album === 'kyc' ? { kind: 'document' } : {}) },
            [file],
          );
          expect(response.statusCode).toBe(status);
          const body = errorBodySchema.parse(response.json());
          expect(body.code).toBe(code);
          expect(body.message.length).toBeGreaterThan(5);
        }
        expect(await mediaRows()).toBe(0);
        expect(await filesUnder(mediaDir)).toEqual([]);
      });
    }

    it('refuses the whole call when one of several files is bad', async () => {
      const user = await registerUser(t.app);
      const response = await upload(t.app, user.token, { album: 'profile_photos' }, [
        { name: 'a.jpg', type: 'image/jpeg', data: await jpeg() },
        { name: 'b.jpg', type: 'image/jpeg', data: SVG },
      ]);
      expect(response.statusCode).toBe(415);
      expect(await mediaRows()).toBe(0);
      expect(await filesUnder(mediaDir)).toEqual([]);
    });

    it('answers in Russian when asked', async () => {
      const user = await registerUser(t.app);
      const body = (await import('./media.test-support.ts')).multipartBody(
        { album: 'profile_photos' },
        [{ name: 'x.jpg', type: 'image/jpeg', data: Buffer.from('text') }],
      );
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/media',
        headers: { ...bearer(user.token), ...body.headers, 'x-locale': 'ru' },
        payload: body.payload,
      });
      expect(response.statusCode).toBe(415);
      expect(errorBodySchema.parse(response.json()).message).toMatch(/JPEG, PNG, WebP/);
      expect(errorBodySchema.parse(response.json()).message).toMatch(/Можно загрузить/);
    });

    it('refuses a call without a file, a bad album, or an upload for someone else', async () => {
      const user = await registerUser(t.app);
      const other = await registerUser(t.app);
      const image = { name: 'a.jpg', type: 'image/jpeg', data: await jpeg() };
      expect((await upload(t.app, user.token, { album: 'profile_photos' }, [])).statusCode).toBe(
        400,
      );
      expect((await upload(t.app, user.token, { album: 'holiday' }, [image])).statusCode).toBe(400);
      expect((await upload(t.app, user.token, { album: 'news' }, [image])).statusCode).toBe(403);
      expect(
        (
          await upload(
            t.app,
            user.token,
            { album: 'profile_photos', targetId: String(other.user.id) },
            [image],
          )
        ).statusCode,
      ).toBe(403);
      expect((await upload(t.app, user.token, { album: 'kyc' }, [image])).statusCode).toBe(400);
      const anonymous = await t.app.inject({ method: 'POST', url: '/api/media' });
      expect(anonymous.statusCode).toBe(401);
      expect(await mediaRows()).toBe(0);
    });
  });

  it('stores a re-encoded image without EXIF or GPS in three sizes', async () => {
    const user = await registerUser(t.app);
    const original = await jpeg({ width: 1800, height: 1200, exif: true });
    const before = await sharp(original).metadata();
    expect(before.exif).toBeDefined();
    expect(before.exif?.toString('latin1')).toContain('MeeetCam');

    const response = await upload(t.app, user.token, { album: 'profile_photos' }, [
      { name: 'holiday.jpg', type: 'image/jpeg', data: original },
    ]);
    expect(response.statusCode).toBe(201);
    const [item] = mediaListSchema.parse(response.json()).list;
    expect(item).toMatchObject({
      ownerId: user.user.id,
      album: 'profile_photos',
      isAvatar: true,
      width: 1600,
      height: 1067,
    });

    const expected = { small: 256, medium: 768, large: 1600 } as const;
    for (const [size, longest] of Object.entries(expected)) {
      const image = await get(`/media/image/${item!.id}/${size}`);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      const meta = await sharp(image.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(longest);
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(image.rawPayload.includes('MeeetCam')).toBe(false);
      expect(image.rawPayload.includes('Secret Owner')).toBe(false);
    }
    // Default size is small.
    const byDefault = await get(`/media/image/${item!.id}`);
    expect((await sharp(byDefault.rawPayload).metadata()).width).toBe(256);
    // The avatar URL by user id serves the first profile photo.
    const avatar = await get(`/media/avatar/${user.user.id}`);
    expect(avatar.statusCode).toBe(200);
    expect(avatar.rawPayload.equals(byDefault.rawPayload)).toBe(true);
  });

  it('accepts PNG with transparency and never enlarges a small image', async () => {
    const user = await registerUser(t.app);
    const response = await upload(t.app, user.token, { album: 'profile_photos' }, [
      { name: 'dot.png', type: 'image/png', data: await png(100, 80) },
    ]);
    expect(response.statusCode).toBe(201);
    const [item] = mediaListSchema.parse(response.json()).list;
    const large = await get(`/media/image/${item!.id}/large`);
    const meta = await sharp(large.rawPayload).metadata();
    expect([meta.width, meta.height, meta.hasAlpha]).toEqual([100, 80, true]);
  });

  describe('who sees and deletes what', () => {
    it('keeps KYC images to their owner, moderators and admins', async () => {
      const owner = await registerUser(t.app);
      const stranger = await registerUser(t.app);
      const moderator = await registerUser(t.app);
      await makeRole(t.db, moderator.user.id, 'moderator');
      const response = await upload(t.app, owner.token, { album: 'kyc', kind: 'document' }, [
        { name: 'passport.jpg', type: 'image/jpeg', data: await jpeg() },
      ]);
      expect(response.statusCode).toBe(201);
      const [doc] = mediaListSchema.parse(response.json()).list;
      expect(doc).toMatchObject({ album: 'kyc', kind: 'document', isAvatar: false });
      const id = doc!.id;

      expect((await get(`/media/kyc/${id}/medium`, bearer(owner.token))).statusCode).toBe(200);
      expect((await get(`/media/kyc/${id}/large`, bearer(moderator.token))).statusCode).toBe(200);
      const strangerGet = await get(`/media/kyc/${id}`, bearer(stranger.token));
      expect(strangerGet.statusCode).toBe(404);
      expect(strangerGet.headers['content-type']).toMatch(/json/);
      expect((await get(`/media/kyc/${id}`)).statusCode).toBe(401);
      // Not through the public URL either.
      expect((await get(`/media/image/${id}`)).statusCode).toBe(404);
      // Nor by listing the album.
      expect(
        (await get(`/media/album/kyc?userId=${owner.user.id}`, bearer(stranger.token))).statusCode,
      ).toBe(404);
      expect((await get(`/media/album/kyc?userId=${owner.user.id}`)).statusCode).toBe(401);
      const listed = await get(`/media/album/kyc?userId=${owner.user.id}`, bearer(moderator.token));
      expect(mediaListSchema.parse(listed.json()).list.map((m) => m.id)).toEqual([id]);

      // Only the owner deletes: a stranger and a moderator are refused and nothing changes.
      expect((await del(`/media/${id}`, bearer(stranger.token))).statusCode).toBe(404);
      expect((await del(`/media/${id}`, bearer(moderator.token))).statusCode).toBe(404);
      expect((await get(`/media/kyc/${id}`, bearer(owner.token))).statusCode).toBe(200);
      expect((await del(`/media/${id}`, bearer(owner.token))).statusCode).toBe(200);
      expect((await get(`/media/kyc/${id}`, bearer(owner.token))).statusCode).toBe(404);
      expect((await filesUnder(mediaDir)).some((file) => file.includes(id))).toBe(false);
    });

    it('replaces the previous KYC photo of the same kind', async () => {
      const user = await registerUser(t.app);
      const first = await upload(t.app, user.token, { album: 'kyc', kind: 'selfie' }, [
        { name: 'a.jpg', type: 'image/jpeg', data: await jpeg() },
      ]);
      const second = await upload(t.app, user.token, { album: 'kyc', kind: 'selfie' }, [
        { name: 'b.jpg', type: 'image/jpeg', data: await jpeg() },
      ]);
      const firstId = mediaListSchema.parse(first.json()).list[0]!.id;
      const secondId = mediaListSchema.parse(second.json()).list[0]!.id;
      const album = await get('/media/album/kyc', bearer(user.token));
      expect(mediaListSchema.parse(album.json()).list.map((m) => m.id)).toEqual([secondId]);
      expect((await filesUnder(mediaDir)).some((file) => file.includes(firstId))).toBe(false);
    });

    it('lets the owner choose, and delete, the avatar; profile photos are public', async () => {
      const user = await registerUser(t.app);
      const stranger = await registerUser(t.app);
      const response = await upload(t.app, user.token, { album: 'profile_photos' }, [
        { name: 'a.jpg', type: 'image/jpeg', data: await jpeg({ width: 300, height: 300 }) },
        { name: 'b.png', type: 'image/png', data: await png(120, 90) },
      ]);
      expect(response.statusCode).toBe(201);
      const [a, b] = mediaListSchema.parse(response.json()).list;
      expect([a!.isAvatar, b!.isAvatar]).toEqual([true, false]);

      const listed = await get(`/media/album/profile_photos?userId=${user.user.id}`);
      expect(mediaListSchema.parse(listed.json()).list).toHaveLength(2);

      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `/api/media/${b!.id}/avatar`,
            headers: bearer(stranger.token),
          })
        ).statusCode,
      ).toBe(404);
      const chosen = await t.app.inject({
        method: 'POST',
        url: `/api/media/${b!.id}/avatar`,
        headers: bearer(user.token),
      });
      expect(mediaItemSchema.parse(chosen.json()).isAvatar).toBe(true);
      const avatar = await get(`/media/avatar/${user.user.id}/large`);
      expect((await sharp(avatar.rawPayload).metadata()).width).toBe(120);

      expect((await del(`/media/${b!.id}`, bearer(stranger.token))).statusCode).toBe(404);
      expect((await del(`/media/${b!.id}`, bearer(user.token))).statusCode).toBe(200);
      // The remaining photo becomes the avatar.
      const after = await get(`/media/album/profile_photos`, bearer(user.token));
      expect(mediaListSchema.parse(after.json()).list.map((m) => [m.id, m.isAvatar])).toEqual([
        [a!.id, true],
      ]);
      expect((await del(`/media/${a!.id}`, bearer(user.token))).statusCode).toBe(200);
      expect((await get(`/media/avatar/${user.user.id}`)).statusCode).toBe(404);
    });
  });
});

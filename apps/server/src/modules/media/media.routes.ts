import multipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, ErrorCode } from '@meeet/core/api/errors';
import {
  avatarParamsSchema,
  mediaAlbumParamsSchema,
  mediaAlbumQuerySchema,
  mediaIdParamsSchema,
  mediaImageParamsSchema,
  mediaItemSchema,
  mediaListSchema,
  mediaUploadFieldsSchema,
} from '@meeet/core/api/media';
import { MEDIA_MAX_FILES } from '@meeet/core/api/media-paths';
import { okResponseSchema } from '@meeet/core/api/user';
import { publicRouteOptions, routeOptions } from '../../lib/route-options.ts';
import type { AppConfig } from '../../config.ts';
import { authOf } from '../../plugins/auth.ts';

const tags = ['media'];
/** Multipart framing and the text fields on top of the files themselves. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** What @fastify/multipart throws, told in our words; anything else passes through. */
function multipartError(error: unknown, config: AppConfig): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(ErrorCode.PAYLOAD_TOO_LARGE, {
        messageKey: 'media.too-large',
        params: { count: Math.floor(config.media.maxUploadBytes / (1024 * 1024)) },
      });
    case 'FST_FILES_LIMIT':
      return new AppError(ErrorCode.PAYLOAD_TOO_LARGE, {
        messageKey: 'media.too-many-files',
        params: { count: MEDIA_MAX_FILES },
      });
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError(ErrorCode.PAYLOAD_TOO_LARGE);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE);
    default: {
      if (error instanceof AppError) return error;
      // Only the multipart parser runs while the parts are read: whatever else it throws (no
      // or an empty boundary, a body cut off, a malformed part header) is the request's fault.
      const status = (error as { statusCode?: unknown } | null)?.statusCode;
      return typeof status === 'number' && status >= 400 && status < 500
        ? error
        : new AppError(ErrorCode.BAD_REQUEST);
    }
  }
}

function sendImage(reply: FastifyReply, data: Buffer, cacheControl: string) {
  return reply
    .type('image/webp')
    .header('cache-control', cacheControl)
    .header('content-security-policy', "default-src 'none'")
    .send(data);
}

type App = Parameters<FastifyPluginAsyncZod>[0];

/** Spec §7 media calls and image URLs. */
export const mediaRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (
  app,
  { config },
) => {
  await app.register(multipart, {
    limits: {
      fileSize: config.media.maxUploadBytes,
      files: MEDIA_MAX_FILES,
      fields: 10,
      fieldSize: 1024,
      parts: MEDIA_MAX_FILES + 10,
    },
  });
  uploadRoutes(app, config);
  albumRoutes(app);
  imageRoutes(app);
};

/** Uploading images: the multipart body, read and refused in our words. */
function uploadRoutes(app: App, config: AppConfig): void {
  const { media } = app;
  const signedIn = routeOptions(tags, app.requireAuth);

  app.post(
    '/media',
    {
      ...signedIn('Upload images (multipart: files, album, targetId, kind for KYC)', {
        consumes: ['multipart/form-data'],
        response: { 201: mediaListSchema },
      }),
      bodyLimit: config.media.maxUploadBytes * MEDIA_MAX_FILES + MULTIPART_OVERHEAD_BYTES,
    },
    async (request, reply) => {
      const auth = authOf(request);
      const fields: Record<string, string> = {};
      const files: Buffer[] = [];
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') files.push(await part.toBuffer());
          else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        }
      } catch (error) {
        throw multipartError(error, config);
      }
      const parsed = mediaUploadFieldsSchema.safeParse(fields);
      if (!parsed.success) {
        const issueFields = Object.fromEntries(
          parsed.error.issues.map((issue) => [issue.path.join('.') || 'body', issue.message]),
        );
        throw new AppError(ErrorCode.VALIDATION_ERROR, { fields: issueFields });
      }
      const list = await media.upload(auth, parsed.data, files);
      return reply.code(201).send({ list });
    },
  );
}

/** A user's album, and the caller's own images: remove one, make one the avatar. */
function albumRoutes(app: App): void {
  const { media } = app;
  const signedIn = routeOptions(tags, app.requireAuth);
  const open = publicRouteOptions(tags);

  app.get(
    '/media/album/:id',
    open("A user's album (KYC: the owner, moderators and admins only)", {
      params: mediaAlbumParamsSchema,
      querystring: mediaAlbumQuerySchema,
      response: { 200: mediaListSchema },
    }),
    async (request) => ({
      list: await media.listAlbum(
        await request.authenticate(),
        request.params.id,
        request.query.userId,
      ),
    }),
  );

  app.delete(
    '/media/:id',
    signedIn('Delete one of your images', {
      params: mediaIdParamsSchema,
      response: { 200: okResponseSchema },
    }),
    async (request) => {
      await media.remove(authOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/media/:id/avatar',
    signedIn('Make one of your profile photos your avatar', {
      params: mediaIdParamsSchema,
      response: { 200: mediaItemSchema },
    }),
    (request) => media.setAvatar(authOf(request), request.params.id),
  );
}

/** The image files: avatars by user, public images, KYC images for their readers only. */
function imageRoutes(app: App): void {
  const { media } = app;
  const signedIn = routeOptions(tags, app.requireAuth);
  const open = publicRouteOptions(tags);

  const image = { params: mediaImageParamsSchema, produces: ['image/webp'] };

  for (const url of ['/media/avatar/:id', '/media/avatar/:id/:size']) {
    app.get(
      url,
      open("A user's avatar by user id (size small, medium or large; default small)", {
        params: avatarParamsSchema,
      }),
      async (request, reply) =>
        sendImage(
          reply,
          await media.avatar(request.params.id, request.params.size),
          // The avatar may change; a minute of caching is enough.
          'public, max-age=60',
        ),
    );
  }

  for (const url of ['/media/image/:id', '/media/image/:id/:size']) {
    app.get(url, open('A public image (default size small)', image), async (request, reply) =>
      sendImage(
        reply,
        await media.publicImage(request.params.id, request.params.size),
        // An id's content never changes.
        'public, max-age=31536000, immutable',
      ),
    );
  }

  for (const url of ['/media/kyc/:id', '/media/kyc/:id/:size']) {
    app.get(
      url,
      signedIn('A KYC image: its owner, moderators and admins (default size small)', image),
      async (request, reply) =>
        sendImage(
          reply,
          await media.kycImage(authOf(request), request.params.id, request.params.size),
          'private, no-store',
        ),
    );
  }
}

import { z } from 'zod';
import { mediaAlbumSchema } from '../enum-schemas.ts';
import { KycImageKind, MEDIA_SIZE_NAMES, type MediaSize } from './media-paths.ts';

// The media contract: uploads, albums, avatar choice. Paths and sizes are in media-paths.ts.

export const mediaSizeSchema = z.enum(MEDIA_SIZE_NAMES as [MediaSize, ...MediaSize[]]);
export const kycImageKindSchema = z.enum(KycImageKind);

export const mediaItemSchema = z.object({
  id: z.uuid(),
  ownerId: z.number().int(),
  album: mediaAlbumSchema,
  /** What the media belongs to: the user for profile photos and KYC, the news item for news. */
  targetId: z.number().int().nullable(),
  /** KYC images only: document or selfie. */
  kind: kycImageKindSchema.nullable(),
  isAvatar: z.boolean(),
  /** Of the largest stored size. */
  width: z.number().int(),
  height: z.number().int(),
  createdAt: z.string(),
});
export type MediaItem = z.infer<typeof mediaItemSchema>;

/** The text fields of POST /media (multipart); the files come as `files`. */
export const mediaUploadFieldsSchema = z.object({
  album: mediaAlbumSchema,
  targetId: z.coerce.number().int().positive().optional(),
  kind: kycImageKindSchema.optional(),
});
export type MediaUploadFields = z.infer<typeof mediaUploadFieldsSchema>;

export const mediaListSchema = z.object({ list: z.array(mediaItemSchema) });
export type MediaList = z.infer<typeof mediaListSchema>;

export const mediaAlbumParamsSchema = z.object({ id: mediaAlbumSchema });
export const mediaAlbumQuerySchema = z.object({
  /** Whose album; the caller's own when absent. */
  userId: z.coerce.number().int().positive().optional(),
});
export const mediaIdParamsSchema = z.object({ id: z.uuid() });
export const mediaImageParamsSchema = z.object({
  id: z.uuid(),
  size: mediaSizeSchema.default('small'),
});
export const avatarParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  size: mediaSizeSchema.default('small'),
});

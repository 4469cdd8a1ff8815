import type { MediaAlbum } from '../enums.ts';

/**
 * Paths of the media calls under /api and the image URLs (spec §7). Kept free of zod so a page
 * can build an image URL without downloading the schemas.
 */

/** Stored sizes: the longest side in pixels, never enlarged. `small` is the default. */
export const MEDIA_SIZES = { small: 256, medium: 768, large: 1600 } as const;
export type MediaSize = keyof typeof MEDIA_SIZES;
export const MEDIA_SIZE_NAMES = Object.keys(MEDIA_SIZES) as MediaSize[];
export const DEFAULT_MEDIA_SIZE: MediaSize = 'small';

/** What a KYC image shows. */
export const KycImageKind = { DOCUMENT: 'document', SELFIE: 'selfie' } as const;
export type KycImageKind = (typeof KycImageKind)[keyof typeof KycImageKind];

/** Files per upload call. */
export const MEDIA_MAX_FILES = 5;

export const mediaPaths = {
  upload: '/media',
  album: (album: MediaAlbum) => `/media/album/${album}`,
  remove: (id: string) => `/media/${encodeURIComponent(id)}`,
  setAvatar: (id: string) => `/media/${encodeURIComponent(id)}/avatar`,
  /** A user's avatar, by user id (public; 404 while the user has none). */
  avatar: (userId: number, size: MediaSize = DEFAULT_MEDIA_SIZE) =>
    `/media/avatar/${userId}/${size}`,
  /** A public image (profile photos, news). */
  image: (id: string, size: MediaSize = DEFAULT_MEDIA_SIZE) =>
    `/media/image/${encodeURIComponent(id)}/${size}`,
  /** A KYC image: the owner, moderators and admins only, with the Bearer token. */
  kyc: (id: string, size: MediaSize = DEFAULT_MEDIA_SIZE) =>
    `/media/kyc/${encodeURIComponent(id)}/${size}`,
} as const;

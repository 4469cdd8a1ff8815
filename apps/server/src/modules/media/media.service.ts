import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, ErrorCode } from '@meeet/core/api/errors';
import type { MediaItem, MediaUploadFields } from '@meeet/core/api/media';
import { MEDIA_SIZE_NAMES, type MediaSize } from '@meeet/core/api/media-paths';
import { MediaAlbum, type KycStatus } from '@meeet/core/enums';
import { hasRole, Role } from '@meeet/core/roles';
import { canEditKycPhotos } from '@meeet/core/rules/kyc-status';
import type { Database, DbExecutor } from '../../db/client.ts';
import { executorOf, type Tx, txOf } from '../../plugins/db.ts';
import { QueueFullError, type Semaphore } from '../../lib/semaphore.ts';
import type { AuthContext } from '../users/sessions.service.ts';
import { kycPeople } from '../users/kyc-people.service.ts';
import { processImage, type ProcessedImage } from './media.images.ts';
import { mediaRepository } from './media.repository.ts';
import type { MediaRow } from './media.schema.ts';
import type { MediaStorage } from './media.storage.ts';

export interface MediaServiceDeps {
  db: Database;
  storage: MediaStorage;
  /** Image decoding is CPU work: it runs a few at a time. */
  imageWork: Semaphore;
  maxPixels: number;
  log: FastifyBaseLogger;
}

/** Profile photos one user may keep. */
export const MAX_PROFILE_PHOTOS = 20;

/** Albums anyone may see (spec §3 media album); KYC images are private. */
const PUBLIC_ALBUMS: ReadonlySet<string> = new Set([
  MediaAlbum.PROFILE_PHOTOS,
  MediaAlbum.NEWS,
  MediaAlbum.CHANNEL_PHOTOS,
  MediaAlbum.BUSINESS,
  MediaAlbum.AD_CREATIVES,
]);

/** Albums of the uploader's own images (a business's logo and spot photos are its owner's). */
const OWN_ALBUMS: ReadonlySet<string> = new Set([
  MediaAlbum.PROFILE_PHOTOS,
  MediaAlbum.KYC,
  MediaAlbum.BUSINESS,
  MediaAlbum.AD_CREATIVES,
]);

const notFound = () => new AppError(ErrorCode.NOT_FOUND);
const albumForbidden = () =>
  new AppError(ErrorCode.FORBIDDEN, { messageKey: 'media.album-forbidden' });
const kycLocked = () => new AppError(ErrorCode.CONFLICT, { messageKey: 'media.kyc-locked' });

export function fileKey(id: string, size: MediaSize): string {
  return `${id}/${size}.webp`;
}

export function toMediaItem(row: MediaRow): MediaItem {
  return {
    id: row.id,
    ownerId: row.ownerId,
    album: row.album as MediaItem['album'],
    targetId: row.targetId,
    kind: row.kind as MediaItem['kind'],
    isAvatar: row.isAvatar,
    width: row.width,
    height: row.height,
    createdAt: row.createdAt.toISOString(),
  };
}

function isModerator(auth: AuthContext | null): boolean {
  return auth !== null && hasRole(auth.user.role as Role, Role.MODERATOR);
}

/** Uploads, albums, avatars and image files. Each method checks access first. */
export class MediaService {
  constructor(private readonly deps: MediaServiceDeps) {}

  /**
   * Stores the uploaded images of one album. Every file is checked and re-encoded before
   * anything is stored, so one bad file refuses the whole call and leaves nothing behind.
   */
  async upload(
    auth: AuthContext,
    fields: MediaUploadFields,
    files: readonly Buffer[],
  ): Promise<MediaItem[]> {
    const user = auth.user;
    const { album } = fields;
    const { targetId, kind } = await this.checkUpload(auth, fields, files.length);

    const processed: ProcessedImage[] = [];
    for (const file of files) processed.push(await this.process(file));

    const rows = processed.map((image) => ({ id: randomUUID(), image }));
    try {
      for (const { id, image } of rows) {
        for (const size of MEDIA_SIZE_NAMES) {
          await this.deps.storage.put(fileKey(id, size), image.sizes[size]);
        }
      }
      const { inserted, replaced } = await this.deps.db.transaction(async (tx) => {
        let replaced: MediaRow[] = [];
        if (album === MediaAlbum.KYC && kind) {
          // Re-read under a row lock: a submit running now must not see its photo replaced.
          const status = await kycPeople.lockStatus(txOf(tx), user.id);
          if (!status || !canEditKycPhotos(status)) throw kycLocked();
          replaced = await mediaRepository.deleteKycOfKind(tx, user.id, kind);
        }
        const hadAvatar =
          album === MediaAlbum.PROFILE_PHOTOS &&
          (await mediaRepository.findAvatar(tx, user.id)) !== undefined;
        const inserted = await mediaRepository.insertMany(
          tx,
          rows.map(({ id, image }, index) => ({
            id,
            ownerId: user.id,
            album,
            targetId,
            kind: kind ?? null,
            // A user's first profile photo becomes the avatar.
            isAvatar: album === MediaAlbum.PROFILE_PHOTOS && !hadAvatar && index === 0,
            format: image.format,
            width: image.width,
            height: image.height,
          })),
        );
        return { inserted, replaced };
      });
      await this.removeFiles(replaced);
      return inserted.map(toMediaItem);
    } catch (error) {
      await this.removeFiles(rows);
      throw error;
    }
  }

  /**
   * Who may upload `count` files to this album, and what the rows record: the target (the
   * uploader for their own albums) and, for KYC, the kind of document. Refuses before any work.
   */
  private async checkUpload(
    auth: AuthContext,
    fields: MediaUploadFields,
    count: number,
  ): Promise<{ targetId: number | null; kind: MediaUploadFields['kind'] }> {
    const user = auth.user;
    const { album } = fields;
    let targetId: number | null = fields.targetId ?? null;
    if (OWN_ALBUMS.has(album)) {
      if (targetId !== null && targetId !== user.id) throw albumForbidden();
      targetId = user.id;
    } else if (album === MediaAlbum.NEWS) {
      if (!hasRole(user.role as Role, Role.ADMIN)) throw albumForbidden();
    } else {
      // Channels do not exist yet: nothing may be uploaded for them.
      throw albumForbidden();
    }
    if (count === 0) {
      throw new AppError(ErrorCode.VALIDATION_ERROR, {
        messageKey: 'msg.file-required',
        fields: { files: 'msg.file-required' },
      });
    }
    const kind = album === MediaAlbum.KYC ? fields.kind : undefined;
    if (album === MediaAlbum.KYC) {
      if (!kind) {
        throw new AppError(ErrorCode.VALIDATION_ERROR, {
          messageKey: 'media.kind-required',
          fields: { kind: 'media.kind-required' },
        });
      }
      if (count !== 1) {
        throw new AppError(ErrorCode.VALIDATION_ERROR, {
          messageKey: 'media.too-many-files',
          params: { count: 1 },
        });
      }
      if (!canEditKycPhotos(user.kycStatus as KycStatus)) throw kycLocked();
    }
    if (album === MediaAlbum.PROFILE_PHOTOS) {
      const kept = await mediaRepository.countAlbum(this.deps.db, user.id, album);
      if (kept + count > MAX_PROFILE_PHOTOS) {
        throw new AppError(ErrorCode.CONFLICT, {
          messageKey: 'media.album-full',
          params: { count: MAX_PROFILE_PHOTOS },
        });
      }
    }
    return { targetId, kind };
  }

  private async process(file: Buffer): Promise<ProcessedImage> {
    try {
      return await this.deps.imageWork.run(() =>
        processImage(file, { maxPixels: this.deps.maxPixels }),
      );
    } catch (error) {
      if (error instanceof QueueFullError) throw new AppError(ErrorCode.SERVICE_UNAVAILABLE);
      throw error;
    }
  }

  /** Files go after the rows; a file left by a failed removal is never served again. */
  private async removeFiles(rows: readonly { id: string }[]): Promise<void> {
    for (const row of rows) {
      try {
        await this.deps.storage.removeAll(row.id);
      } catch (error) {
        this.deps.log.warn({ err: error, mediaId: row.id }, 'media files could not be removed');
      }
    }
  }

  /** An album of `userId` (the caller's own when absent). KYC: the owner and moderators. */
  async listAlbum(
    caller: AuthContext | null,
    album: MediaAlbum,
    userId: number | undefined,
  ): Promise<MediaItem[]> {
    const ownerId = userId ?? caller?.user.id;
    if (ownerId === undefined) throw new AppError(ErrorCode.TOKEN_INVALID);
    if (!PUBLIC_ALBUMS.has(album)) {
      if (!caller) throw new AppError(ErrorCode.TOKEN_INVALID);
      if (caller.user.id !== ownerId && !isModerator(caller)) throw notFound();
    }
    const rows = await mediaRepository.listAlbum(this.deps.db, ownerId, album);
    return rows.map(toMediaItem);
  }

  /** Only the owner deletes; a KYC photo only while it is not under review. */
  async remove(auth: AuthContext, id: string): Promise<void> {
    const removed = await this.deps.db.transaction(async (tx) => {
      const row = await mediaRepository.findById(tx, id);
      if (!row || row.ownerId !== auth.user.id) throw notFound();
      if (row.album === MediaAlbum.KYC) {
        const status = await kycPeople.lockStatus(txOf(tx), auth.user.id);
        if (!status || !canEditKycPhotos(status)) throw kycLocked();
      }
      const deleted = await mediaRepository.delete(tx, id);
      if (deleted?.isAvatar) await this.promoteNewestPhoto(tx, auth.user.id);
      return deleted;
    });
    if (removed) await this.removeFiles([removed]);
  }

  private async promoteNewestPhoto(tx: DbExecutor, ownerId: number): Promise<void> {
    const next = await mediaRepository.newestProfilePhoto(tx, ownerId);
    if (next) await mediaRepository.setAvatar(tx, ownerId, next.id);
  }

  /** Marks one of the caller's profile photos as the avatar. */
  async setAvatar(auth: AuthContext, id: string): Promise<MediaItem> {
    return this.deps.db.transaction(async (tx) => {
      const row = await mediaRepository.findById(tx, id);
      if (!row || row.ownerId !== auth.user.id) throw notFound();
      if (row.album !== MediaAlbum.PROFILE_PHOTOS) throw albumForbidden();
      await mediaRepository.setAvatar(tx, auth.user.id, id);
      return toMediaItem({ ...row, isAvatar: true });
    });
  }

  /** A public image (profile photos, news); KYC images are never served here. */
  async publicImage(id: string, size: MediaSize): Promise<Buffer> {
    const row = await mediaRepository.findById(this.deps.db, id);
    if (!row || !PUBLIC_ALBUMS.has(row.album)) throw notFound();
    return this.file(row, size);
  }

  /** A KYC image: its owner, moderators and admins; anyone else is told it does not exist. */
  async kycImage(caller: AuthContext, id: string, size: MediaSize): Promise<Buffer> {
    const row = await mediaRepository.findById(this.deps.db, id);
    if (!row || row.album !== MediaAlbum.KYC) throw notFound();
    if (row.ownerId !== caller.user.id && !isModerator(caller)) throw notFound();
    return this.file(row, size);
  }

  async avatar(userId: number, size: MediaSize): Promise<Buffer> {
    const row = await mediaRepository.findAvatar(this.deps.db, userId);
    if (!row) throw notFound();
    return this.file(row, size);
  }

  private async file(row: MediaRow, size: MediaSize): Promise<Buffer> {
    const data = await this.deps.storage.get(fileKey(row.id, size));
    if (!data) {
      this.deps.log.error({ mediaId: row.id, size }, 'media file missing');
      throw notFound();
    }
    return data;
  }
}

/** For other modules: whether `id` is an image of `album` (a news cover must be one). */
export async function isMediaOfAlbum(tx: Tx, id: string, album: MediaAlbum): Promise<boolean> {
  const row = await mediaRepository.findById(executorOf(tx), id);
  return row?.album === album;
}

/** For business accounts: whether `id` is `ownerId`'s own image of `album` (a logo, a spot photo, a campaign's creative). */
export async function isOwnMediaOfAlbum(
  tx: Tx,
  id: string,
  ownerId: number,
  album: MediaAlbum,
): Promise<boolean> {
  const row = await mediaRepository.findById(executorOf(tx), id);
  return row?.album === album && row.ownerId === ownerId;
}

/** For KYC: the user's newest KYC image of each kind, in the caller's `Tx`. */
export async function kycImagesOf(
  tx: Tx,
  userId: number,
): Promise<{ document: MediaItem | null; selfie: MediaItem | null }> {
  const { document, selfie } = await mediaRepository.findKycImages(executorOf(tx), userId);
  return {
    document: document ? toMediaItem(document) : null,
    selfie: selfie ? toMediaItem(selfie) : null,
  };
}

import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { media, type MediaRow, type NewMediaRow } from './media.schema.ts';

/** All SQL on `media`. */
export const mediaRepository = {
  async findById(db: DbExecutor, id: string): Promise<MediaRow | undefined> {
    const [row] = await db.select().from(media).where(eq(media.id, id)).limit(1);
    return row;
  },

  async listAlbum(db: DbExecutor, ownerId: number, album: string): Promise<MediaRow[]> {
    return db
      .select()
      .from(media)
      .where(and(eq(media.ownerId, ownerId), eq(media.album, album)))
      .orderBy(desc(media.createdAt), desc(media.id));
  },

  async findAvatar(db: DbExecutor, ownerId: number): Promise<MediaRow | undefined> {
    const [row] = await db
      .select()
      .from(media)
      .where(and(eq(media.ownerId, ownerId), eq(media.isAvatar, true)))
      .limit(1);
    return row;
  },

  /** The newest KYC image of each kind. */
  async findKycImages(
    db: DbExecutor,
    ownerId: number,
  ): Promise<{ document: MediaRow | undefined; selfie: MediaRow | undefined }> {
    const rows = await mediaRepository.listAlbum(db, ownerId, 'kyc');
    return {
      document: rows.find((row) => row.kind === 'document'),
      selfie: rows.find((row) => row.kind === 'selfie'),
    };
  },

  async insertMany(db: DbExecutor, rows: NewMediaRow[]): Promise<MediaRow[]> {
    if (rows.length === 0) return [];
    return db.insert(media).values(rows).returning();
  },

  async delete(db: DbExecutor, id: string): Promise<MediaRow | undefined> {
    const [row] = await db.delete(media).where(eq(media.id, id)).returning();
    return row;
  },

  async deleteKycOfKind(db: DbExecutor, ownerId: number, kind: string): Promise<MediaRow[]> {
    return db
      .delete(media)
      .where(and(eq(media.ownerId, ownerId), eq(media.album, 'kyc'), eq(media.kind, kind)))
      .returning();
  },

  /** Makes `id` the owner's only avatar (null: none). */
  async setAvatar(db: DbExecutor, ownerId: number, id: string | null): Promise<void> {
    await db
      .update(media)
      .set({ isAvatar: false })
      .where(and(eq(media.ownerId, ownerId), eq(media.isAvatar, true)));
    if (id !== null) {
      await db
        .update(media)
        .set({ isAvatar: true })
        .where(and(eq(media.id, id), eq(media.ownerId, ownerId)));
    }
  },

  /** The newest profile photo, to become the avatar when the avatar is deleted. */
  async newestProfilePhoto(db: DbExecutor, ownerId: number): Promise<MediaRow | undefined> {
    const [row] = await db
      .select()
      .from(media)
      .where(and(eq(media.ownerId, ownerId), eq(media.album, 'profile_photos')))
      .orderBy(desc(media.createdAt), desc(media.id))
      .limit(1);
    return row;
  },

  async countAlbum(db: DbExecutor, ownerId: number, album: string): Promise<number> {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(media)
      .where(and(eq(media.ownerId, ownerId), eq(media.album, album)));
    return row?.count ?? 0;
  },
};

import type { PushKind, PushSettings } from '@meeet/core/api/push';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { pushSettings, pushTokens } from './push.schema.ts';

/**
 * A user who never chose: everything about them and their money on, news off. News is
 * promotion, which Apple lets an app push only to people who asked for it (guideline 4.5.4).
 */
const DEFAULTS: PushSettings = {
  messages: true,
  meetings: true,
  money: true,
  kyc: true,
  news: false,
};

/** All SQL of push tokens and settings. */
export const pushRepository = {
  /** Stores the token for the user; a token another account held moves to this one. */
  async saveToken(db: DbExecutor, userId: number, token: string, platform: string) {
    await db
      .insert(pushTokens)
      .values({ token, userId, platform })
      .onConflictDoUpdate({
        target: pushTokens.token,
        set: { userId, platform, updatedAt: sql`now()` },
      });
  },

  /** Forgets the token if the user holds it; true when it was there. */
  async removeUserToken(db: DbExecutor, userId: number, token: string): Promise<boolean> {
    const rows = await db
      .delete(pushTokens)
      .where(and(eq(pushTokens.token, token), eq(pushTokens.userId, userId)))
      .returning({ token: pushTokens.token });
    return rows.length > 0;
  },

  /** Forgets a token APNs called invalid, whoever holds it. */
  async removeToken(db: DbExecutor, token: string): Promise<void> {
    await db.delete(pushTokens).where(eq(pushTokens.token, token));
  },

  async tokensOf(db: DbExecutor, userId: number): Promise<string[]> {
    const rows = await db
      .select({ token: pushTokens.token })
      .from(pushTokens)
      .where(eq(pushTokens.userId, userId));
    return rows.map((row) => row.token);
  },

  /** Whether the token is still registered to the user (a job checks before it sends). */
  async holds(db: DbExecutor, userId: number, token: string): Promise<boolean> {
    const rows = await db
      .select({ token: pushTokens.token })
      .from(pushTokens)
      .where(and(eq(pushTokens.token, token), eq(pushTokens.userId, userId)));
    return rows.length > 0;
  },

  /** Every device whose user has the kind on (by their choice, or by default). */
  async devicesWithKindOn(
    db: DbExecutor,
    kind: PushKind,
  ): Promise<{ userId: number; token: string }[]> {
    const chosen = pushSettings[kind];
    return db
      .select({ userId: pushTokens.userId, token: pushTokens.token })
      .from(pushTokens)
      .leftJoin(pushSettings, eq(pushSettings.userId, pushTokens.userId))
      .where(DEFAULTS[kind] ? or(isNull(pushSettings.userId), eq(chosen, true)) : eq(chosen, true));
  },

  async settingsOf(db: DbExecutor, userId: number): Promise<PushSettings> {
    const [row] = await db.select().from(pushSettings).where(eq(pushSettings.userId, userId));
    if (!row) return { ...DEFAULTS };
    return {
      messages: row.messages,
      meetings: row.meetings,
      money: row.money,
      kyc: row.kyc,
      news: row.news,
    };
  },

  async saveSettings(
    db: DbExecutor,
    userId: number,
    settings: PushSettings,
  ): Promise<PushSettings> {
    await db
      .insert(pushSettings)
      .values({ userId, ...settings })
      .onConflictDoUpdate({
        target: pushSettings.userId,
        set: { ...settings, updatedAt: sql`now()` },
      });
    return this.settingsOf(db, userId);
  },
};

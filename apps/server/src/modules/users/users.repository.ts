import { randomBytes } from 'node:crypto';
import { and, desc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import { makeReferralCode } from '@meeet/core/rules/promo-code';
import type { KycStatus, ReferralLevel } from '@meeet/core/enums';
import type { Role } from '@meeet/core/roles';
import type { DbExecutor } from '../../db/client.ts';
import { users, type NewUserRow, type UserRow } from './users.schema.ts';

export const EMAIL_UNIQUE = 'users_email_lower_key';
export const DOMAIN_UNIQUE = 'users_domain_lower_key';
export const APPLE_SUB_UNIQUE = 'users_appleSub_unique';

export type UserChanges = Partial<
  Pick<
    NewUserRow,
    | 'firstName'
    | 'lastName'
    | 'surName'
    | 'domain'
    | 'gender'
    | 'bdate'
    | 'phone'
    | 'country'
    | 'locale'
    | 'passwordHash'
    | 'emailVerified'
    | 'appleSub'
    | 'role'
    | 'deviceLockUntil'
    | 'deviceLockReason'
  >
>;

/** Draws of a random promo code before giving up (40 bits each: a second draw is already rare). */
const REFERRAL_CODE_ATTEMPTS = 8;

/** `%` and `_` typed by a moderator are letters, not wildcards. */
function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** All SQL on `users`. E-mails are compared in lower case, as the unique index does. */
export const usersRepository = {
  async audience(
    db: DbExecutor,
    id: number,
  ): Promise<{ country: string | null; gender: number | null; bdate: Date | null } | undefined> {
    const [row] = await db
      .select({ country: users.country, gender: users.gender, bdate: users.bdate })
      .from(users)
      .where(eq(users.id, id));
    return row;
  },

  async withRole(db: DbExecutor, ids: readonly number[], role: Role): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, [...ids]), eq(users.role, role)));
    return rows.map((row) => row.id);
  },

  /** Accounts in all, since midnight UTC and in the last 7 days (the monitor). */
  async signUpCounts(db: DbExecutor): Promise<{ total: number; today: number; week: number }> {
    const [row] = await db
      .select({
        total: sql<number>`count(*)::int`,
        today: sql<number>`(count(*) filter (where ${users.createdAt} >= date_trunc('day', now() at time zone 'utc') at time zone 'utc'))::int`,
        week: sql<number>`(count(*) filter (where ${users.createdAt} >= now() - interval '7 days'))::int`,
      })
      .from(users);
    return row ?? { total: 0, today: 0, week: 0 };
  },

  async locales(db: DbExecutor, ids: readonly number[]): Promise<{ id: number; locale: string }[]> {
    if (ids.length === 0) return [];
    return db
      .select({ id: users.id, locale: users.locale })
      .from(users)
      .where(inArray(users.id, [...ids]));
  },

  /** The account's password hash; null for an account without a password (Apple). */
  async passwordHashOf(db: DbExecutor, id: number): Promise<string | null> {
    const [row] = await db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, id))
      .limit(1);
    return row?.passwordHash ?? null;
  },

  async findById(db: DbExecutor, id: number): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  },

  async findByEmail(db: DbExecutor, email: string): Promise<UserRow | undefined> {
    const [row] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
      .limit(1);
    return row;
  },

  async findByAppleSub(db: DbExecutor, appleSub: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.appleSub, appleSub)).limit(1);
    return row;
  },

  async exists(db: DbExecutor, id: number): Promise<boolean> {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
    return row !== undefined;
  },

  /** Whether someone other than `exceptUserId` holds this nickname, in any letter case. */
  async isDomainTaken(db: DbExecutor, domain: string, exceptUserId?: number): Promise<boolean> {
    const sameDomain = sql`lower(${users.domain}) = lower(${domain})`;
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(exceptUserId === undefined ? sameDomain : and(sameDomain, ne(users.id, exceptUserId)))
      .limit(1);
    return row !== undefined;
  },

  /**
   * Inserts a user with a fresh random promo code (issue 46). A code already taken leaves the
   * row out (`on conflict` on that column only, so the transaction stays usable and the e-mail
   * and nickname checks still throw) and the insert is tried again with another code.
   */
  async insert(db: DbExecutor, values: Omit<NewUserRow, 'referralCode'>): Promise<UserRow> {
    for (let attempt = 0; attempt < REFERRAL_CODE_ATTEMPTS; attempt++) {
      const referralCode = makeReferralCode(randomBytes(5));
      if (referralCode === null) continue;
      const [row] = await db
        .insert(users)
        .values({ ...values, referralCode })
        .onConflictDoNothing({ target: users.referralCode })
        .returning();
      if (row) return row;
    }
    throw new Error('no free referral code after several attempts');
  },

  /** The user a random promo code (canonical spelling) belongs to. */
  async idByReferralCode(db: DbExecutor, referralCode: string): Promise<number | undefined> {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.referralCode, referralCode))
      .limit(1);
    return row?.id;
  },

  async update(db: DbExecutor, id: number, changes: UserChanges): Promise<UserRow | undefined> {
    const [row] = await db
      .update(users)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning();
    return row;
  },

  async setRoleByEmail(db: DbExecutor, email: string, role: Role): Promise<UserRow | undefined> {
    const [row] = await db
      .update(users)
      .set({ role, updatedAt: sql`now()` })
      .where(sql`lower(${users.email}) = lower(${email})`)
      .returning();
    return row;
  },

  async findByIds(db: DbExecutor, ids: readonly number[]): Promise<UserRow[]> {
    if (ids.length === 0) return [];
    return db
      .select()
      .from(users)
      .where(inArray(users.id, [...ids]));
  },

  /**
   * Staff search: users whose e-mail or nickname starts with `text` (any letter case, `%` and
   * `_` literal), nickname matches first, then the newest.
   */
  async searchByText(
    db: DbExecutor,
    text: string,
    limit: number,
  ): Promise<(UserRow & { byNickname: boolean })[]> {
    const pattern = likePrefix(text);
    const byNickname = ilike(users.domain, pattern);
    const rows = await db
      .select({ user: users, byNickname: sql<boolean>`coalesce(${byNickname}, false)` })
      .from(users)
      .where(or(ilike(users.email, pattern), byNickname))
      .orderBy(sql`coalesce(${byNickname}, false) desc`, desc(users.id))
      .limit(limit);
    return rows.map((row) => ({ ...row.user, byNickname: row.byNickname }));
  },

  /** The ids of users whose last name starts with `prefix` (any letter case). */
  async idsWithLastNamePrefix(db: DbExecutor, prefix: string): Promise<number[]> {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(ilike(users.lastName, likePrefix(prefix)));
    return rows.map((row) => row.id);
  },

  /** The user's KYC status, with the user's row locked until the transaction ends. */
  async lockKycStatus(db: DbExecutor, userId: number): Promise<KycStatus | undefined> {
    const [row] = await db
      .select({ kycStatus: users.kycStatus })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    return row?.kycStatus as KycStatus | undefined;
  },

  async setKycStatus(db: DbExecutor, userId: number, status: KycStatus): Promise<UserRow> {
    const [row] = await db
      .update(users)
      .set({ kycStatus: status, updatedAt: sql`now()` })
      .where(eq(users.id, userId))
      .returning();
    if (!row) throw new Error(`user ${userId} vanished`);
    return row;
  },

  async setReferralLevel(db: DbExecutor, userId: number, level: ReferralLevel): Promise<void> {
    await db
      .update(users)
      .set({ referralLevel: level, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
  },
};

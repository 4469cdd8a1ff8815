import { z } from 'zod';
import { kycStatusSchema, nftTypeSchema, roleSchema } from '../enum-schemas.ts';

// The staff tools' contract (issue 46): a user search, a user's page, and the actions an admin
// takes on it, each with a reason kept in the audit trail. Paths are in staff-paths.ts.

export const STAFF_SEARCH_MIN = 1;
export const STAFF_SEARCH_MAX = 120;
export const STAFF_SEARCH_LIMIT = 50;
export const STAFF_REASON_MIN = 3;
export const STAFF_REASON_MAX = 500;

export const staffSearchQuerySchema = z.object({
  q: z.string().trim().min(STAFF_SEARCH_MIN).max(STAFF_SEARCH_MAX),
});
export type StaffSearchQuery = z.infer<typeof staffSearchQuerySchema>;

export const staffUserParamsSchema = z.object({ userId: z.coerce.number().int().positive() });

/** One user as a search lists them. */
export const staffUserRowSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  nickname: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: roleSchema,
  kycStatus: kycStatusSchema,
  banned: z.boolean(),
  createdAt: z.string(),
});
export type StaffUserRow = z.infer<typeof staffUserRowSchema>;

/** Which key found the user: what the search box held. */
export const StaffMatch = {
  ID: 'id',
  EMAIL: 'email',
  NICKNAME: 'nickname',
  ADDRESS: 'address',
} as const;
export type StaffMatch = (typeof StaffMatch)[keyof typeof StaffMatch];

export const staffSearchResultSchema = z.object({
  list: z.array(staffUserRowSchema.extend({ match: z.enum(StaffMatch) })),
});
export type StaffSearchResult = z.infer<typeof staffSearchResultSchema>;

export const staffSessionSchema = z.object({
  id: z.string(),
  fingerprint: z.string().nullable(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type StaffSession = z.infer<typeof staffSessionSchema>;

export const StaffAction = {
  BAN: 'ban',
  UNBAN: 'unban',
  ROLE: 'role',
  REVOKE_SESSIONS: 'revoke-sessions',
  LIFT_DEVICE_LOCK: 'lift-device-lock',
  /** A decided KYC back to draft, so the user may submit again (the user is mailed). */
  REOPEN_KYC: 'reopen-kyc',
} as const;
export type StaffAction = (typeof StaffAction)[keyof typeof StaffAction];

export const staffAuditEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum(StaffAction),
  reason: z.string(),
  actorId: z.number().int().nullable(),
  /** The action's particulars (a role change: from and to). */
  details: z.record(z.string(), z.string()),
  createdAt: z.string(),
});
export type StaffAuditEntry = z.infer<typeof staffAuditEntrySchema>;

/** GET /staff/users/{id}: what staff see of one user. */
export const staffUserDetailSchema = z.object({
  user: staffUserRowSchema.extend({
    surName: z.string().nullable(),
    phone: z.string().nullable(),
    country: z.string().nullable(),
    locale: z.string(),
    emailVerified: z.boolean(),
    referralLevel: z.string(),
    referrerId: z.number().int().nullable(),
  }),
  deviceLock: z.object({ until: z.string(), reason: z.string().nullable() }).nullable(),
  depositAddress: z.string().nullable(),
  kyc: z.object({ status: kycStatusSchema, maxNftType: nftTypeSchema.nullable() }),
  /** Token levels the user holds (on chain); empty when the chain is unavailable. */
  levels: z.array(nftTypeSchema),
  sessions: z.array(staffSessionSchema),
  /** The audit trail of staff actions on this user; null for a moderator (admins only). */
  audit: z.array(staffAuditEntrySchema).nullable(),
});
export type StaffUserDetail = z.infer<typeof staffUserDetailSchema>;

const reasonSchema = z.string().trim().min(STAFF_REASON_MIN).max(STAFF_REASON_MAX);

/** POST /staff/users/{id}/actions: one action, always with the reason the audit keeps. */
export const staffActionRequestSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal(StaffAction.BAN), reason: reasonSchema }),
  z.object({ action: z.literal(StaffAction.UNBAN), reason: reasonSchema }),
  z.object({ action: z.literal(StaffAction.ROLE), reason: reasonSchema, role: roleSchema }),
  z.object({ action: z.literal(StaffAction.REVOKE_SESSIONS), reason: reasonSchema }),
  z.object({ action: z.literal(StaffAction.LIFT_DEVICE_LOCK), reason: reasonSchema }),
  z.object({ action: z.literal(StaffAction.REOPEN_KYC), reason: reasonSchema }),
]);
export type StaffActionRequest = z.infer<typeof staffActionRequestSchema>;

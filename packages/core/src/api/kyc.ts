import { z } from 'zod';
import { kycStatusSchema, nftTypeSchema } from '../enum-schemas.ts';
import { KycStatus } from '../enums.ts';
import { KycActor } from '../rules/kyc-status.ts';
import { mediaItemSchema } from './media.ts';

// The KYC contract: the user's own verification, submitting it, and moderation (spec §3, §7).
// Paths are in kyc-paths.ts.

export const kycDecisionSchema = z.object({
  fromStatus: kycStatusSchema,
  toStatus: kycStatusSchema,
  actor: z.enum(KycActor),
  comment: z.string().nullable(),
  maxNftType: nftTypeSchema.nullable(),
  createdAt: z.string(),
});
export type KycDecision = z.infer<typeof kycDecisionSchema>;

/** GET /kyc: where the signed-in user stands. */
export const kycStateSchema = z.object({
  status: kycStatusSchema,
  moderatorComment: z.string().nullable(),
  /** The highest NFT level the approval allows; null unless approved. */
  maxNftType: nftTypeSchema.nullable(),
  /** The higher level the user asked for while approved; null when none is waiting. */
  requestedNftType: nftTypeSchema.nullable(),
  levelRequestedAt: z.string().nullable(),
  profileComplete: z.boolean(),
  document: mediaItemSchema.nullable(),
  selfie: mediaItemSchema.nullable(),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  history: z.array(kycDecisionSchema),
});
export type KycState = z.infer<typeof kycStateSchema>;

const MODERATION_PAGE_MAX = 100;

export const kycModerationListQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(MODERATION_PAGE_MAX).default(20),
  status: kycStatusSchema.optional(),
  /** Case-insensitive prefix of the last name. */
  lastName: z.string().trim().max(64).optional(),
  /** 'true': only verified users waiting for an answer to a higher-level request. */
  levelRequested: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
export type KycModerationListQuery = z.output<typeof kycModerationListQuerySchema>;

export const kycModerationDecisionSchema = kycDecisionSchema.extend({
  actorId: z.number().int().nullable(),
});

export const kycModerationItemSchema = z.object({
  /** The user id; one verification per user. */
  id: z.number().int(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  surName: z.string().nullable(),
  bdate: z.string().nullable(),
  country: z.string().nullable(),
  status: kycStatusSchema,
  moderatorComment: z.string().nullable(),
  maxNftType: nftTypeSchema.nullable(),
  /** A verified user's request for a higher level; the next decision answers it. */
  requestedNftType: nftTypeSchema.nullable(),
  levelRequestedAt: z.string().nullable(),
  documentId: z.uuid().nullable(),
  selfieId: z.uuid().nullable(),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  history: z.array(kycModerationDecisionSchema),
});
export type KycModerationItem = z.infer<typeof kycModerationItemSchema>;

export const kycModerationListSchema = z.object({
  offset: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  list: z.array(kycModerationItemSchema),
});
export type KycModerationList = z.infer<typeof kycModerationListSchema>;

/**
 * POST /kyc/level-request: a verified user whose approval allows less than they want asks
 * for `level` (above their maxNftType). The approval stands while a moderator looks.
 */
export const kycLevelRequestSchema = z.strictObject({ level: nftTypeSchema });
export type KycLevelRequest = z.infer<typeof kycLevelRequestSchema>;

export const kycModerateParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/**
 * PATCH /kyc/moderate/{id}. Approving names the highest NFT level allowed; a rejection says why,
 * so the user knows what to fix.
 */
export const kycModerateRequestSchema = z
  .object({
    status: kycStatusSchema,
    moderatorComment: z.string().trim().max(1000, 'msg.max-length').nullable().optional(),
    maxNftType: nftTypeSchema.nullable().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.status === KycStatus.APPROVED && value.maxNftType == null) {
      ctx.addIssue({ code: 'custom', path: ['maxNftType'], message: 'kyc.max-nft-required' });
    }
    const rejects =
      value.status === KycStatus.REJECTED || value.status === KycStatus.REJECTED_FOREVER;
    if (rejects && !value.moderatorComment) {
      ctx.addIssue({ code: 'custom', path: ['moderatorComment'], message: 'kyc.comment-required' });
    }
  });
export type KycModerateRequest = z.infer<typeof kycModerateRequestSchema>;

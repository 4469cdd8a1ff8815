import { z } from 'zod';
import { businessCategorySchema, businessStatusSchema } from '../enum-schemas.ts';
import { BusinessStatus } from '../enums.ts';
import { decisionNeedsReason } from '../rules/business-status.ts';

// Business accounts (issue 44): applying, review, meeting spots. Paths are in business-paths.ts.

const text = (max: number) => z.string().trim().min(1, 'msg.required').max(max, 'msg.max-length');
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'msg.max-length')
    .nullish()
    .transform((value) => (value ? value : null));

export const positionSchema = z.object({
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
});
export type Position = z.infer<typeof positionSchema>;

/** POST /business: apply, or re-apply after "needs more" or a refusal. */
export const businessApplySchema = z.strictObject({
  legalName: text(200),
  registrationNumber: text(64),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'msg.invalid-country')
    .transform((value) => value.toUpperCase()),
  address: text(300),
  website: z
    .string()
    .trim()
    .max(300, 'msg.max-length')
    .nullish()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || /^https?:\/\/[^\s]+\.[^\s]+$/.test(value), {
      message: 'business.invalid-website',
    }),
  contact: text(200),
  category: businessCategorySchema,
  logoMediaId: z
    .uuid()
    .nullish()
    .transform((value) => value ?? null),
  /** The venue's position; none for a brand without a place. */
  venue: positionSchema.nullish().transform((value) => value ?? null),
});
export type BusinessApplyInput = z.input<typeof businessApplySchema>;
export type BusinessApply = z.output<typeof businessApplySchema>;

export const businessDecisionSchema = z.object({
  fromStatus: businessStatusSchema.nullable(),
  toStatus: businessStatusSchema,
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type BusinessDecision = z.infer<typeof businessDecisionSchema>;

export const businessSchema = z.object({
  id: z.number().int(),
  status: businessStatusSchema,
  /** The moderator's last reason (asking for more, refusing, suspending). */
  reason: z.string().nullable(),
  legalName: z.string(),
  registrationNumber: z.string(),
  country: z.string(),
  address: z.string(),
  website: z.string().nullable(),
  contact: z.string(),
  category: businessCategorySchema,
  logoMediaId: z.uuid().nullable(),
  venue: positionSchema.nullable(),
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
  history: z.array(businessDecisionSchema),
});
export type Business = z.infer<typeof businessSchema>;

/** GET /business: the caller's business, or null before they apply. */
export const myBusinessSchema = z.object({ business: businessSchema.nullable() });
export type MyBusiness = z.infer<typeof myBusinessSchema>;

/** A spot as its venue and the map both see it. */
export const spotInputSchema = z.strictObject({
  name: text(120),
  category: businessCategorySchema,
  openingHours: text(200),
  photoMediaId: z
    .uuid()
    .nullish()
    .transform((value) => value ?? null),
  lat: positionSchema.shape.lat,
  lon: positionSchema.shape.lon,
  /** "A free coffee for a MEEET meeting"; optional. */
  perk: optionalText(200),
});
export type SpotInput = z.input<typeof spotInputSchema>;
export type SpotValues = z.output<typeof spotInputSchema>;

export const spotSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  category: businessCategorySchema,
  openingHours: z.string(),
  photoMediaId: z.uuid().nullable(),
  lat: z.number(),
  lon: z.number(),
  perk: z.string().nullable(),
});
export type Spot = z.infer<typeof spotSchema>;

/** The venue's own view of a spot: how many meetings it hosted, never who met. */
export const ownSpotSchema = spotSchema.extend({ meetingsHosted: z.number().int() });
export type OwnSpot = z.infer<typeof ownSpotSchema>;
export const ownSpotListSchema = z.object({ spots: z.array(ownSpotSchema) });

export const spotParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** GET /spots/nearby: published spots of approved venues around a point (the app's map). */
export const spotsNearbyQuerySchema = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
  radiusKm: z.coerce.number().positive().max(50).default(5),
});
export const spotListSchema = z.object({ spots: z.array(spotSchema) });
export type SpotList = z.infer<typeof spotListSchema>;

/** GET /spots/visited: the caller's meetings held at a spot (their history shows it). */
export const visitedSpotsSchema = z.object({
  meetings: z.array(z.object({ meetingId: z.number().int(), spot: spotSchema })),
});
export type VisitedSpots = z.infer<typeof visitedSpotsSchema>;

const PAGE_MAX = 100;

export const businessModerationListQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(PAGE_MAX).default(20),
  status: businessStatusSchema.optional(),
});
export type BusinessModerationListQuery = z.output<typeof businessModerationListQuerySchema>;

export const businessModerationItemSchema = businessSchema.extend({
  ownerId: z.number().int(),
  ownerEmail: z.string(),
});
export type BusinessModerationItem = z.infer<typeof businessModerationItemSchema>;

export const businessModerationListSchema = z.object({
  offset: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  list: z.array(businessModerationItemSchema),
});
export type BusinessModerationList = z.infer<typeof businessModerationListSchema>;

/** One business in the control area: its details, history and spots with their counts. */
export const businessModerationDetailSchema = businessModerationItemSchema.extend({
  spots: z.array(ownSpotSchema),
});
export type BusinessModerationDetail = z.infer<typeof businessModerationDetailSchema>;

export const businessModerateParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** PATCH /business/moderate/{id}: approve, ask for more, refuse, suspend, reinstate. */
export const businessModerateRequestSchema = z
  .strictObject({
    status: z.enum([
      BusinessStatus.APPROVED,
      BusinessStatus.NEEDS_INFO,
      BusinessStatus.REFUSED,
      BusinessStatus.SUSPENDED,
    ]),
    reason: optionalText(1000),
  })
  .superRefine((value, ctx) => {
    if (decisionNeedsReason(value.status) && !value.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'business.reason-required' });
    }
  });
export type BusinessModerateRequest = z.output<typeof businessModerateRequestSchema>;

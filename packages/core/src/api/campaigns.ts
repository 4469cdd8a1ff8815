import { z } from 'zod';
import { USDT_DECIMALS } from '../constants.ts';
import { adAudienceShape, adPlacementSchema, adStatsSchema, ageRangeRule } from './ads.ts';
import { AD_PLACEMENTS } from './ads-paths.ts';
import { CAMPAIGN_ACTIONS, CAMPAIGN_STATUSES } from './campaigns-paths.ts';
import { zTokenAmount } from './crypto.ts';
import { moodSchema } from './meet.ts';

// Businesses' self-serve local ads (issue 44 item 2): campaigns owned by an approved business,
// moderated before they run, paid daily per 1,000 impressions from the business's USDT.

export const campaignStatusSchema = z.enum(CAMPAIGN_STATUSES);
export const campaignActionSchema = z.enum(CAMPAIGN_ACTIONS);

/** Largest area radius: local ads stay local. */
export const CAMPAIGN_MAX_RADIUS_KM = 50;

/** A circle around the venue; the viewer's position is the one the map shows (coarse). */
export const campaignAreaSchema = z.object({
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
  radiusKm: z.number().int().min(1).max(CAMPAIGN_MAX_RADIUS_KM),
});
export type CampaignArea = z.infer<typeof campaignAreaSchema>;

/** Create or edit a campaign (a draft, or a refused one being fixed). */
export const campaignSaveSchema = z
  .object({
    title: z.string().trim().min(1, 'msg.required').max(120, 'msg.max-length'),
    text: z.string().trim().min(1, 'msg.required').max(500, 'msg.max-length'),
    /** An image the business uploaded to the media album `ad_creatives`. */
    imageId: z.uuid().nullable().default(null),
    link: z.url({ protocol: /^https?$/ }),
    ...adAudienceShape,
    placements: z
      .array(adPlacementSchema)
      .min(1)
      .default([...AD_PLACEMENTS]),
    /**
     * A circle of this radius around the business's venue; null: anywhere. An area is audience:
     * it applies only to viewers who consented, and a brand without a venue cannot have one.
     */
    areaRadiusKm: z.number().int().min(1).max(CAMPAIGN_MAX_RADIUS_KM).nullable().default(null),
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }).nullable().default(null),
    /** Impressions a day at most: what a day may cost. */
    dailyCap: z.number().int().min(1).max(1_000_000),
  })
  .refine(ageRangeRule.check, ageRangeRule.params)
  .refine((c) => c.endsAt === null || Date.parse(c.endsAt) > Date.parse(c.startsAt), {
    path: ['endsAt'],
    message: 'campaigns.ends-before-start',
  });
export type CampaignSave = z.input<typeof campaignSaveSchema>;

export const campaignSchema = z.object({
  id: z.number().int(),
  businessId: z.number().int(),
  status: campaignStatusSchema,
  /** The moderator's reason of a refusal, or why it is paused ('no-balance', 'owner'). */
  statusReason: z.string().nullable(),
  title: z.string(),
  text: z.string(),
  imageId: z.uuid().nullable(),
  link: z.string(),
  languages: z.array(z.string()),
  countries: z.array(z.string()),
  genders: z.array(z.number().int()),
  ageMin: z.number().int().nullable(),
  ageMax: z.number().int().nullable(),
  moods: z.array(moodSchema),
  placements: z.array(adPlacementSchema),
  area: campaignAreaSchema.nullable(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  dailyCap: z.number().int(),
  createdAt: z.string(),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignListSchema = z.object({ list: z.array(campaignSchema) });
export const campaignIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const campaignActionParamsSchema = campaignIdParamsSchema.extend({
  action: campaignActionSchema,
});

/** A moderator's decision; a refusal says why (mailed to the business). */
export const campaignReviewSchema = z
  .object({
    decision: z.enum(['approve', 'refuse']),
    reason: z.string().trim().max(500, 'msg.max-length').nullable().default(null),
  })
  .refine((r) => r.decision === 'approve' || (r.reason !== null && r.reason.length > 0), {
    path: ['reason'],
    message: 'msg.required',
  });
export type CampaignReview = z.input<typeof campaignReviewSchema>;

/** Smallest USDT units as decimal text (never a float). */
const units = z.string().regex(/^\d+$/);

export const campaignPriceSchema = z.object({
  /** USDT smallest units per 1,000 impressions. */
  pricePerThousand: units,
  updatedAt: z.string().nullable(),
});
export type CampaignPrice = z.infer<typeof campaignPriceSchema>;

/** Admins set the price as USDT typed by a person ('2.5'). */
export const campaignPriceSetSchema = z.object({
  pricePerThousand: zTokenAmount(USDT_DECIMALS),
});
export type CampaignPriceSet = z.input<typeof campaignPriceSetSchema>;

/** House ads' day figures (impressions: seen, what is charged), with the day's charge. */
export const campaignStatsSchema = adStatsSchema.extend({
  days: z.array(
    adStatsSchema.shape.days.element.extend({
      /** Charged for the day (smallest units); null until the day is charged. */
      charged: units.nullable(),
    }),
  ),
  totalCharged: units,
});
export type CampaignStats = z.infer<typeof campaignStatsSchema>;

/** The review queue: each campaign with its business's name for the moderator. */
export const campaignQueueSchema = z.object({
  list: z.array(
    campaignSchema.extend({
      businessName: z.string(),
      /** Since when it waits for review (its submission). */
      waitingSince: z.string(),
      /** A blocked word its headline or text holds (the list changed after submission). */
      blockedWord: z.string().nullable(),
    }),
  ),
});
export type CampaignQueue = z.infer<typeof campaignQueueSchema>;

/** A moderator suspends a running or paused campaign; the reason is mailed to the business. */
export const campaignSuspendSchema = z.object({
  reason: z.string().trim().min(1, 'msg.required').max(500, 'msg.max-length'),
});
export type CampaignSuspend = z.input<typeof campaignSuspendSchema>;

/** One business's campaigns for the control area, each with all it was charged. */
export const businessCampaignsSchema = z.object({
  list: z.array(campaignSchema.extend({ totalCharged: units })),
});
export type BusinessCampaigns = z.infer<typeof businessCampaignsSchema>;

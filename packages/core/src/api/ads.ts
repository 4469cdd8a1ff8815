import { z } from 'zod';
import { localeSchema, nftTypeSchema } from '../enum-schemas.ts';
import { moodSchema } from './meet.ts';
import { AD_PLACEMENTS } from './ads-paths.ts';

// MEEET's own (house) ads of the free tier: campaigns (admins), serving with the consent rule,
// impressions and clicks. Users holding any token are the paid tier and get no ads.

export const adPlacementSchema = z.enum(AD_PLACEMENTS);
export type AdPlacement = z.infer<typeof adPlacementSchema>;

/** The three consents of the cookie banner (spec §4). */
export const consentRequestSchema = z.object({
  terms: z.boolean(),
  analytics: z.boolean(),
  ads: z.boolean(),
});
export type ConsentRequest = z.infer<typeof consentRequestSchema>;

export const adServeQuerySchema = z.object({
  placement: adPlacementSchema,
  language: localeSchema.default('en'),
});

export const servedAdSchema = z.object({
  impressionId: z.uuid(),
  title: z.string(),
  text: z.string(),
  imageId: z.uuid().nullable(),
  /** The counted redirect to the advertiser's link (an /api path). */
  href: z.string(),
  /** Whether the viewer's profile chose it (only with the advertising consent). */
  personalised: z.boolean(),
});
export type ServedAd = z.infer<typeof servedAdSchema>;

export const adServeResponseSchema = z.object({
  ad: servedAdSchema.nullable(),
  /** Why no ad: the paid tier (holds a token), or nothing eligible now. */
  reason: z.enum(['paid', 'none']).nullable(),
});
export type AdServeResponse = z.infer<typeof adServeResponseSchema>;

const countries = z.array(z.string().regex(/^[A-Z]{2}$/)).max(250);

/**
 * The targeting fields house ads and businesses' campaigns share: language for everyone, the
 * rest (the audience) only for viewers who gave the advertising consent; empty: anyone.
 */
export const adAudienceShape = {
  /** Empty: every language. */
  languages: z.array(localeSchema).max(2).default([]),
  countries: countries.default([]),
  genders: z
    .array(z.union([z.literal(0), z.literal(1)]))
    .max(2)
    .default([]),
  ageMin: z.number().int().min(18).max(120).nullable().default(null),
  ageMax: z.number().int().min(18).max(120).nullable().default(null),
  /** The mood of the viewer's hand raised now, or of their last one within 30 days. */
  moods: z.array(moodSchema).max(3).default([]),
};

/** The audience's ages in order (a refinement both campaign forms apply). */
export const ageRangeRule = {
  check: (c: { ageMin: number | null; ageMax: number | null }) =>
    c.ageMin === null || c.ageMax === null || c.ageMin <= c.ageMax,
  params: { path: ['ageMax'], message: 'ads.age-range' },
};

export const adCampaignSaveSchema = z
  .object({
    id: z.number().int().positive().optional(),
    title: z.string().trim().min(1, 'msg.required').max(120, 'msg.max-length'),
    text: z.string().trim().min(1, 'msg.required').max(500, 'msg.max-length'),
    /** An image uploaded to the media album `news` (admins' public images). */
    imageId: z.uuid().nullable().default(null),
    link: z.url({ protocol: /^https?$/ }),
    ...adAudienceShape,
    placements: z.array(adPlacementSchema).min(1),
    /**
     * Token levels the viewer has bought before or is buying (queued); token holders are the
     * paid tier and see no ads, so this is interest, not a holding.
     */
    levels: z.array(nftTypeSchema).max(3).default([]),
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }).nullable().default(null),
    /** Impressions a day for the whole campaign; null: no cap. */
    dailyCap: z.number().int().positive().nullable().default(null),
    /** Impressions a day for one viewer. */
    viewerDailyCap: z.number().int().min(1).max(100).default(3),
    active: z.boolean().default(true),
  })
  .refine(ageRangeRule.check, ageRangeRule.params);
export type AdCampaignSave = z.input<typeof adCampaignSaveSchema>;

export const adCampaignSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  text: z.string(),
  imageId: z.uuid().nullable(),
  link: z.string(),
  languages: z.array(z.string()),
  placements: z.array(adPlacementSchema),
  countries: z.array(z.string()),
  genders: z.array(z.number().int()),
  ageMin: z.number().int().nullable(),
  ageMax: z.number().int().nullable(),
  moods: z.array(moodSchema),
  levels: z.array(nftTypeSchema),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  dailyCap: z.number().int().nullable(),
  viewerDailyCap: z.number().int(),
  active: z.boolean(),
});
export type AdCampaign = z.infer<typeof adCampaignSchema>;

export const adCampaignListSchema = z.object({ list: z.array(adCampaignSchema) });

export const adStatsSchema = z.object({
  campaignId: z.number().int(),
  days: z.array(
    z.object({
      day: z.string(),
      served: z.number().int(),
      impressions: z.number().int(),
      clicks: z.number().int(),
      /** clicks / impressions; null without impressions. */
      ctr: z.number().nullable(),
    }),
  ),
});
export type AdStats = z.infer<typeof adStatsSchema>;

export const impressionParamsSchema = z.object({ id: z.uuid() });
export const campaignParamsSchema = z.object({ id: z.coerce.number().int().positive() });

import { z } from 'zod';
import { nftTypeSchema, roleSchema } from '../enum-schemas.ts';

// Moderators as spec §6 defines them (issue 46): early users of a level, appointed by an admin
// FOR levels; a moderator's KYC and level-application queue holds only those levels.

/** How many of a level's earliest holders the appointment list shows. */
export const EARLIEST_HOLDERS_SHOWN = 20;

export const moderatorPaths = {
  /** Each level's earliest holders (by first completed purchase) and who moderates what. */
  list: '/staff/moderators',
  /** POST { level, appoint }: appoint the user for a level, or remove them from it (admins). */
  appoint: (userId: number | string) => `/staff/moderators/${userId}`,
} as const;

/** One of a level's earliest holders, and the levels they moderate now. */
export const earliestHolderSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  nickname: z.string().nullable(),
  role: roleSchema,
  firstPurchaseAt: z.string(),
  moderates: z.array(nftTypeSchema),
});
export type EarliestHolder = z.infer<typeof earliestHolderSchema>;

export const moderatorListSchema = z.object({
  levels: z.array(z.object({ level: nftTypeSchema, holders: z.array(earliestHolderSchema) })),
});
export type ModeratorList = z.infer<typeof moderatorListSchema>;

export const moderatorParamsSchema = z.object({ userId: z.coerce.number().int().positive() });

export const moderatorAppointRequestSchema = z.strictObject({
  level: nftTypeSchema,
  /** true: appoint for `level`; false: remove from it. */
  appoint: z.boolean(),
});
export type ModeratorAppointRequest = z.infer<typeof moderatorAppointRequestSchema>;

/** The user's moderated levels after the change. */
export const moderatorAppointResultSchema = z.object({
  userId: z.number().int(),
  role: roleSchema,
  moderates: z.array(nftTypeSchema),
});
export type ModeratorAppointResult = z.infer<typeof moderatorAppointResultSchema>;

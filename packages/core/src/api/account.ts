import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../constants.ts';

// Account deletion and data export (issue 43): request and response of each call.

/** What the user still holds, in smallest units, and whether deleting needs forfeiture. */
export const deletionStatusSchema = z.object({
  /** When the pending deletion erases the account; null when none is pending. */
  eraseAt: z.string().nullable(),
  usdt: z.string(),
  bnb: z.string(),
  tokens: z.number().int(),
  needsForfeit: z.boolean(),
  /** Whether confirming needs the password (accounts that have one). */
  needsPassword: z.boolean(),
});
export type DeletionStatus = z.infer<typeof deletionStatusSchema>;

export const deletionRequestSchema = z.strictObject({
  /** The account's password, for accounts that have one. */
  password: z.string().max(PASSWORD_MAX_LENGTH, 'msg.password-too-long').optional(),
  /** The user confirms that a balance above dust and any tokens are forfeited per the terms. */
  forfeit: z.boolean().default(false),
});
export type DeletionRequest = z.input<typeof deletionRequestSchema>;

export const deletionResponseSchema = z.object({ eraseAt: z.string() });
export type DeletionResponse = z.infer<typeof deletionResponseSchema>;

export const exportRequestResponseSchema = z.object({ requested: z.literal(true) });

export const exportParamsSchema = z.object({ id: z.uuid() });
export const exportQuerySchema = z.object({
  expires: z.coerce.number().int().positive(),
  sig: z.string().regex(/^[0-9a-f]{64}$/),
});

/** The archive of a data export (GDPR art. 15 and 20): the user's own data only. */
export const dataExportSchema = z.object({
  exportedAt: z.string(),
  profile: z.record(z.string(), z.unknown()),
  messages: z.array(
    z.object({ id: z.number(), conversationId: z.number(), text: z.string(), sentAt: z.string() }),
  ),
  meetings: z.array(
    z.object({
      id: z.number(),
      withUserId: z.number(),
      status: z.string(),
      outcome: z.string(),
      startedAt: z.string(),
      endedAt: z.string().nullable(),
    }),
  ),
  transactions: z.array(
    z.object({
      id: z.number(),
      type: z.string(),
      status: z.string(),
      symbol: z.string(),
      amount: z.string(),
      hash: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type DataExport = z.infer<typeof dataExportSchema>;

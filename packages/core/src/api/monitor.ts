import { z } from 'zod';
import { nftTypeSchema } from '../enum-schemas.ts';

// The monitor of the control area (admins): one snapshot of the product's health, pushed over
// the socket as `monitor` and read with GET /monitor; history for the charts.

export const monitorPaths = {
  snapshot: '/monitor',
  history: '/monitor/history',
  /** Prometheus text format; admins or the scrape token. */
  metrics: '/metrics',
} as const;

/** Decimal strings of smallest units (18 decimals), as every amount in the API. */
const units = z.string().regex(/^\d+$/);

export const monitorSnapshotSchema = z.object({
  at: z.string(),
  users: z.object({ total: z.number().int(), today: z.number().int(), week: z.number().int() }),
  realtime: z.object({ sockets: z.number().int(), users: z.number().int() }),
  /** The meet service: hands up now, meetings running now, completed and minted today (UTC). */
  meet: z.object({
    raisedHands: z.number().int(),
    meetingsInProgress: z.number().int(),
    meetingsCompletedToday: z.number().int(),
    mintsToday: z.number().int(),
  }),
  kyc: z.object({
    waiting: z.number().int(),
    /** Seconds the oldest waiting verification has waited; null when none waits. */
    oldestWaitSeconds: z.number().int().nullable(),
  }),
  market: z.array(
    z.object({
      level: nftTypeSchema,
      sold: z.number().int(),
      revenue: units,
      queued: z.number().int(),
    }),
  ),
  wallet: z.object({ depositsPending: z.number().int(), withdrawalsPending: z.number().int() }),
  /** Null while no chain is attached (or it cannot be read). */
  chain: z
    .object({
      head: z.string(),
      hotWallet: z.object({
        address: z.string(),
        bnb: units,
        usdt: units,
        bnbLow: z.boolean(),
        usdtLow: z.boolean(),
      }),
      /** Blocks each chain watcher is behind the head; null before its first pass. */
      workers: z.array(z.object({ name: z.string(), lag: z.number().int().nullable() })),
    })
    .nullable(),
  http: z.object({
    /** Over the last minute. */
    requestsPerMinute: z.number().int(),
    errorsPerMinute: z.number().int(),
    p95Ms: z.number().nullable(),
  }),
});
export type MonitorSnapshot = z.infer<typeof monitorSnapshotSchema>;

export const monitorRangeSchema = z.enum(['24h', '7d']);
export type MonitorRange = z.infer<typeof monitorRangeSchema>;

export const monitorHistoryQuerySchema = z.object({ range: monitorRangeSchema.default('24h') });

export const monitorPointSchema = z.object({
  at: z.string(),
  usersTotal: z.number(),
  sockets: z.number(),
  requestsPerMinute: z.number(),
  errorsPerMinute: z.number(),
  p95Ms: z.number().nullable(),
  sold: z.number(),
});
export type MonitorPoint = z.infer<typeof monitorPointSchema>;

export const monitorHistorySchema = z.object({
  range: monitorRangeSchema,
  points: z.array(monitorPointSchema),
});
export type MonitorHistory = z.infer<typeof monitorHistorySchema>;

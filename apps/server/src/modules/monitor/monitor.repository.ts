import { sql } from 'drizzle-orm';
import type { MonitorRange } from '@meeet/core/api/monitor';
import type { DbExecutor } from '../../db/client.ts';
import { monitorSamples } from './monitor.schema.ts';

type NewSample = Omit<typeof monitorSamples.$inferInsert, 'id' | 'at'>;

/** Chart resolution: 96 points a day, 84 a week. */
const BUCKETS: Record<MonitorRange, { span: string; bucket: string }> = {
  '24h': { span: '24 hours', bucket: '15 minutes' },
  '7d': { span: '7 days', bucket: '2 hours' },
};

/** Samples older than the longest chart are of no use. */
const KEEP = '8 days';

export interface HistoryRow {
  at: string;
  usersTotal: number;
  sockets: number;
  requestsPerMinute: number;
  errorsPerMinute: number;
  p95Ms: number | null;
  sold: number;
}

/** All SQL of the monitor's own table. */
export const monitorRepository = {
  async insertSample(db: DbExecutor, sample: NewSample): Promise<void> {
    await db.insert(monitorSamples).values(sample);
    await db.delete(monitorSamples).where(sql`${monitorSamples.at} < now() - ${KEEP}::interval`);
  },

  /**
   * One point per bucket: totals (users, sold) at their highest, rates and sockets summed over
   * the processes that sampled in the same minute and then averaged over the bucket.
   */
  async history(db: DbExecutor, range: MonitorRange): Promise<HistoryRow[]> {
    const { span, bucket } = BUCKETS[range];
    const result = await db.execute<{
      at: Date | string;
      users_total: number;
      sockets: number;
      requests: number;
      errors: number;
      p95: number | null;
      sold: number;
    }>(sql`
      with minutes as (
        select date_trunc('minute', at) as minute,
          max(users_total) as users_total, sum(sockets) as sockets,
          sum(requests_per_minute) as requests, sum(errors_per_minute) as errors,
          max(p95_ms) as p95, max(sold) as sold
        from ${monitorSamples}
        where at >= now() - ${span}::interval
        group by 1
      )
      select date_bin(${bucket}::interval, minute, timestamptz 'epoch') as at,
        max(users_total)::int as users_total, round(avg(sockets))::int as sockets,
        round(avg(requests))::int as requests, round(avg(errors))::int as errors,
        max(p95)::float8 as p95, max(sold)::int as sold
      from minutes group by 1 order by 1`);
    return result.rows.map((row) => ({
      at: new Date(row.at).toISOString(),
      usersTotal: Number(row.users_total),
      sockets: Number(row.sockets),
      requestsPerMinute: Number(row.requests),
      errorsPerMinute: Number(row.errors),
      p95Ms: row.p95 === null ? null : Number(row.p95),
      sold: Number(row.sold),
    }));
  },
};

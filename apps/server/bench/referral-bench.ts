/**
 * Referral reads for a big referrer: a throwaway embedded PostgreSQL, the real app (logging
 * off), one referrer with BENCH_REFERRALS direct referrals (default 10,000) and two more levels
 * below a part of them, a purchase reward from each of the direct ones spread over 60 days,
 * a session each and 20,000 clicks. Then GET /api/referral/stats, /referral/list and
 * /referral/rewards one request at a time over HTTP (the latency a user sees).
 *
 *   npm run bench:referral -w @meeet/server      (BENCH_REFERRALS=10000, BENCH_REQUESTS=300)
 */
import { cpus } from 'node:os';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { createDatabase } from '../src/db/client.ts';
import { referralRepository } from '../src/modules/referral/referral.repository.ts';
import { percentile, startBenchDatabase } from './bench-database.ts';

const REFERRALS = Number(process.env.BENCH_REFERRALS ?? 10_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const BUDGET_MS = 50;

async function main(): Promise<void> {
  const bench = await startBenchDatabase();
  const { pool } = bench;
  try {
    const config = bench.config({
      AUTH_RATE_LIMIT_PER_IP: '1000000',
    });
    const app = await buildApp(config, { pool });
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const registered = await fetch(`${base}/api/user/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-fp': 'bench-device' },
        body: JSON.stringify({
          email: 'referrer@example.com',
          password: 'Bench-Mark-Secret-42',
          acceptTerms: true,
        }),
      });
      if (registered.status !== 201) throw new Error(`register failed: ${await registered.text()}`);
      const { token, user } = (await registered.json()) as { token: string; user: { id: number } };

      console.log(`seeding ${REFERRALS} referrals …`);
      const db = createDatabase(pool);
      const started = performance.now();
      await db.execute(sql`
        insert into users (email, domain, referral_level, created_at)
        select 'bench-r' || g || '@example.com', 'nick' || g,
          case when g % 10 = 0 then 'business' else 'human' end,
          now() - (g % 60) * interval '1 day'
        from generate_series(1, ${REFERRALS}) g`);
      await db.execute(sql`
        insert into referral_links (descendant_id, depth, ancestor_id, created_at)
        select id, 1, ${user.id}, created_at from users where email like 'bench-r%'`);
      // Two levels below the first tenth: level 2 and level 3, one each.
      const deeper = Math.floor(REFERRALS / 10);
      for (const depth of [2, 3]) {
        await db.execute(sql`
          insert into users (email, domain)
          select 'd' || ${depth} || '-' || g || '@example.com', 'deep' || ${depth} || '-' || g
          from generate_series(1, ${deeper}) g`);
        await db.execute(sql`
          with parents as (
            select descendant_id as id, row_number() over (order by descendant_id) as n
            from referral_links where ancestor_id = ${user.id} and depth = ${depth - 1}),
          kids as (
            select id, row_number() over (order by id) as n from users
            where email like ${`d${depth}-%`})
          insert into referral_links (descendant_id, depth, ancestor_id)
          select k.id, 1, p.id from kids k join parents p using (n)
          union all
          select k.id, l.depth + 1, l.ancestor_id from kids k join parents p using (n)
            join referral_links l on l.descendant_id = p.id and l.depth < 3`);
      }
      await db.execute(sql`
        insert into sessions (user_id, fingerprint, last_seen_at)
        select descendant_id, 'fp' || descendant_id, now() - (descendant_id % 50) * interval '1 day'
        from referral_links where ancestor_id = ${user.id}`);
      await db.execute(sql`
        insert into referral_rewards (user_id, source_user_id, depth, source, event_ref,
          base_amount, share_bp, amount, status, created_at)
        select ${user.id}, descendant_id, depth,
          (array['business_purchase', 'paid_meeting', 'basic_meeting'])[1 + descendant_id % 3],
          'bench:' || descendant_id, 100000000000000000000, 1000, 10000000000000000000,
          case when descendant_id % 2 = 0 then 'paid' else 'accrued' end,
          now() - (descendant_id % 60) * interval '1 day'
        from referral_links where ancestor_id = ${user.id}`);
      await db.execute(sql`
        insert into referral_clicks (referrer_id, visitor, created_at)
        select ${user.id}, 'v' || g, now() - (g % 60) * interval '1 day'
        from generate_series(1, ${REFERRALS * 2}) g`);
      // As autovacuum leaves a table after a bulk insert (visibility map set, statistics).
      await db.execute(sql`vacuum analyze`);
      console.log(`seeded in ${Math.round(performance.now() - started)} ms`);

      const someChild = await db.execute<{ id: number }>(
        sql`select descendant_id as id from referral_links
          where ancestor_id = ${user.id} and depth = 1 order by descendant_id limit 1`,
      );
      const childId = someChild.rows[0]?.id;
      const calls: [string, string][] = [
        ['GET /referral/stats', '/api/referral/stats'],
        ['GET /referral/list (first page)', '/api/referral/list?limit=20'],
        ['GET /referral/list (page 250, All roles)', '/api/referral/list?offset=5000&limit=20'],
        ['GET /referral/list?role=business', '/api/referral/list?role=business&limit=20'],
        ['GET /referral/list/{userId} (level 2)', `/api/referral/list/${childId}`],
        ['GET /referral/rewards', '/api/referral/rewards?limit=20&period=month'],
      ];
      // The stats statement alone (median of 20), to see what the HTTP round adds.
      const now = new Date();
      const day = (d: number) =>
        new Date(now.getTime() - d * 86_400_000).toISOString().slice(0, 10);
      const froms = [day(6), day(13), day(29)];
      const queries: [string, () => Promise<unknown>][] = [
        [
          'stats statement (all rollups)',
          () => referralRepository.stats(db, user.id, froms, day(29)),
        ],
      ];
      const queryTimes: string[] = [];
      for (const [name, run] of queries) {
        const times: number[] = [];
        for (let i = 0; i < 20; i++) {
          const t0 = performance.now();
          await run();
          times.push(performance.now() - t0);
        }
        times.sort((a, b) => a - b);
        queryTimes.push(`| ${name} | ${percentile(times, 50).toFixed(1)} |`);
      }
      if (process.env.BENCH_EXPLAIN) {
        // The plans of the list statements, printed instead of their rows.
        const explain = {
          execute: async (query: ReturnType<typeof sql>) => {
            const plan = await db.execute<Record<string, string>>(
              sql`explain (analyze, buffers) ${query}`,
            );
            console.log(plan.rows.map((r) => Object.values(r)[0]).join('\n'), '\n');
            return { rows: [] };
          },
        } as unknown as typeof db;
        await referralRepository.listChildren(explain, user.id, user.id, 0, 'all', 5000, 20);
        await referralRepository.listChildren(explain, user.id, user.id, 0, 'business', 0, 20);
        await referralRepository.listChildren(explain, user.id, childId!, 1, 'all', 0, 20);
      }
      const headers = { authorization: `Bearer ${token}`, 'x-fp': 'bench-device' };
      const results: { name: string; p50: number; p95: number; max: number }[] = [];
      for (const [name, path] of calls) {
        for (let i = 0; i < 20; i++) await (await fetch(`${base}${path}`, { headers })).text();
        const times: number[] = [];
        for (let i = 0; i < REQUESTS; i++) {
          const t0 = performance.now();
          const response = await fetch(`${base}${path}`, { headers });
          await response.text();
          times.push(performance.now() - t0);
          if (response.status !== 200) throw new Error(`${name}: ${response.status}`);
        }
        times.sort((a, b) => a - b);
        results.push({
          name,
          p50: percentile(times, 50),
          p95: percentile(times, 95),
          max: times[times.length - 1] ?? 0,
        });
      }
      console.log(
        `\n${REFERRALS} direct referrals (+${deeper} on level 2, +${deeper} on level 3), ${REQUESTS} sequential requests each, ${cpus().length} CPU(s), Node ${process.version}\n`,
      );
      console.log('| call | p50 ms | p95 ms | max ms |');
      console.log('|---|---:|---:|---:|');
      for (const r of results) {
        console.log(
          `| ${r.name} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.max.toFixed(1)} |`,
        );
      }
      console.log('\n| stats query alone | median ms |\n|---|---:|');
      for (const line of queryTimes) console.log(line);
      const met = results.every((r) => r.p95 < BUDGET_MS);
      console.log(`\nbudget (p95 < ${BUDGET_MS} ms): ${met ? 'met' : 'NOT met'}`);
    } finally {
      await app.close();
    }
  } finally {
    await bench.stop();
  }
}

await main();

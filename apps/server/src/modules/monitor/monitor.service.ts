import { Gauge, type Registry } from 'prom-client';
import type { MonitorHistory, MonitorRange, MonitorSnapshot } from '@meeet/core/api/monitor';
import { nftTypeName } from '@meeet/core/enums';
import type { Database } from '../../db/client.ts';
import { txOf } from '../../plugins/db.ts';
import type { Chain } from '../chain/chain.client.ts';
import { kycWaitingFigures } from '../kyc/kyc.service.ts';
import { marketLevelFigures } from '../market/market.service.ts';
import { MARKET_CURSOR } from '../market/market-watcher.ts';
import { meetingFigures } from '../meetings/meetings.service.ts';
import { userSignUpFigures } from '../users/users.service.ts';
import { DEPOSIT_CURSOR } from '../wallet/deposit-watcher.ts';
import {
  hotWalletBalances,
  walletPendingFigures,
  watcherCursor,
} from '../wallet/wallet.service.ts';
import type { HttpStats } from './http-stats.ts';
import { monitorRepository } from './monitor.repository.ts';

export interface MonitorServiceDeps {
  db: Database;
  /** The attached chain, or undefined until the server has connected one. */
  chain: () => Chain | undefined;
  /** Sockets open now, and their distinct signed-in users (every process's). */
  sockets: () => Promise<{ sockets: number; userIds: number[] }>;
  /** Hands up now on every process (the meet service's presence store). */
  raisedHands: () => Promise<number>;
  http: HttpStats;
  hotWalletMin: { bnb: bigint; usdt: bigint };
}

/** The chain watchers whose lag the monitor shows (their cursors live in the wallet module). */
const WATCHERS = [
  { name: 'deposits', cursor: DEPOSIT_CURSOR },
  { name: 'market', cursor: MARKET_CURSOR },
];

/** The figures an operator watches (issue 16), read through each module's service. */
export class MonitorService {
  constructor(private readonly deps: MonitorServiceDeps) {}

  async snapshot(): Promise<MonitorSnapshot> {
    const { db } = this.deps;
    const now = Date.now();
    const [users, realtime, hands, meetings, kyc, market, wallet, chain] = await Promise.all([
      userSignUpFigures(txOf(db)),
      this.deps.sockets(),
      this.deps.raisedHands(),
      meetingFigures(txOf(db), new Date(now)),
      kycWaitingFigures(txOf(db)),
      marketLevelFigures(txOf(db)),
      walletPendingFigures(txOf(db)),
      this.chainFigures(),
    ]);
    return {
      at: new Date(now).toISOString(),
      users,
      realtime: { sockets: realtime.sockets, users: new Set(realtime.userIds).size },
      meet: {
        raisedHands: hands,
        meetingsInProgress: meetings.inProgress,
        meetingsCompletedToday: meetings.completed,
        mintsToday: meetings.minted,
      },
      kyc: {
        waiting: kyc.count,
        oldestWaitSeconds: kyc.oldest
          ? Math.max(0, Math.floor((now - kyc.oldest.getTime()) / 1000))
          : null,
      },
      market: market.map((row) => ({ ...row, revenue: row.revenue.toString() })),
      wallet: { depositsPending: wallet.deposits, withdrawalsPending: wallet.withdrawals },
      chain,
      http: this.deps.http.lastMinute(now),
    };
  }

  /** Null when no chain is attached or it does not answer: the rest of the monitor still shows. */
  private async chainFigures(): Promise<MonitorSnapshot['chain']> {
    const chain = this.deps.chain();
    if (!chain) return null;
    try {
      const [head, balances, ...cursors] = await Promise.all([
        chain.publicClient.getBlockNumber({ cacheTime: 0 }),
        hotWalletBalances(chain),
        ...WATCHERS.map((watcher) => watcherCursor(txOf(this.deps.db), watcher.cursor)),
      ]);
      const min = this.deps.hotWalletMin;
      return {
        head: head.toString(),
        hotWallet: {
          address: chain.keys.hot.address,
          bnb: balances.bnb.toString(),
          usdt: balances.usdt.toString(),
          bnbLow: balances.bnb < min.bnb,
          usdtLow: balances.usdt < min.usdt,
        },
        workers: WATCHERS.map((watcher, index) => {
          const cursor = cursors[index];
          return {
            name: watcher.name,
            lag: cursor === null || cursor === undefined ? null : Number(head - cursor),
          };
        }),
      };
    } catch {
      return null;
    }
  }

  async history(range: MonitorRange): Promise<MonitorHistory> {
    return { range, points: await monitorRepository.history(this.deps.db, range) };
  }

  /** Stores this minute's figures for the charts. */
  async sample(): Promise<void> {
    const snapshot = await this.snapshot();
    await monitorRepository.insertSample(this.deps.db, {
      usersTotal: snapshot.users.total,
      sockets: snapshot.realtime.sockets,
      requestsPerMinute: snapshot.http.requestsPerMinute,
      errorsPerMinute: snapshot.http.errorsPerMinute,
      p95Ms: snapshot.http.p95Ms,
      sold: snapshot.market.reduce((sum, level) => sum + level.sold, 0),
    });
  }
}

/**
 * The snapshot's figures as Prometheus gauges; the returned refresh sets them from a fresh
 * snapshot and runs on each scrape (the request histogram fills as requests happen, in
 * http-stats.ts).
 */
export function registerMonitorGauges(
  registry: Registry,
  monitor: MonitorService,
  localRealtime: () => { sockets: number; users: number },
): () => Promise<void> {
  const gauge = (name: string, help: string, labelNames: string[] = []) =>
    new Gauge({ name, help, labelNames, registers: [registry] });
  const users = gauge('meeet_users', 'Accounts: total, registered today (UTC) and in 7 days', [
    'period',
  ]);
  // Per process: Prometheus sums them; the snapshot's figure (every process's) would count
  // each socket once per process scraped.
  const sockets = gauge('meeet_realtime_connections', 'Realtime sockets open on this process');
  const onlineUsers = gauge(
    'meeet_users_online',
    'Signed-in users with a socket open on this process',
  );
  const hands = gauge('meeet_raised_hands', 'Hands up on the map');
  const meetingsGauge = gauge(
    'meeet_meetings',
    'Meetings running now, completed and minted today',
    ['state'],
  );
  const kycWaiting = gauge('meeet_kyc_waiting', 'Verifications waiting for a moderator');
  const kycOldest = gauge('meeet_kyc_oldest_wait_seconds', 'Wait of the oldest verification');
  const sold = gauge('meeet_market_sold', 'Tokens sold by level', ['level']);
  const revenue = gauge('meeet_market_revenue_usdt', 'USDT from sales by level', ['level']);
  const queued = gauge('meeet_market_queue_length', 'Buyers waiting in the queue', ['level']);
  const pending = gauge('meeet_wallet_pending', 'Deposits and withdrawals not settled', ['type']);
  const head = gauge('meeet_chain_head_block', 'Latest block of the chain');
  const lag = gauge('meeet_chain_worker_lag_blocks', 'Blocks a chain watcher is behind', [
    'worker',
  ]);
  const hot = gauge('meeet_hot_wallet_balance', 'Hot wallet balance (whole tokens)', ['symbol']);
  const rate = gauge('meeet_http_requests_last_minute', 'Requests in the last minute');
  const errors = gauge('meeet_http_5xx_last_minute', '5xx answers in the last minute');
  const p95 = gauge('meeet_http_p95_ms_last_minute', 'p95 latency of the last minute (ms)');

  // Whole tokens as floats are fine for a chart; the API keeps exact integers.
  const whole = (units: string) => Number(BigInt(units) / 10n ** 12n) / 1e6;

  return async () => {
    const s = await monitor.snapshot();
    users.set({ period: 'total' }, s.users.total);
    users.set({ period: 'today' }, s.users.today);
    users.set({ period: 'week' }, s.users.week);
    const local = localRealtime();
    sockets.set(local.sockets);
    onlineUsers.set(local.users);
    hands.set(s.meet.raisedHands);
    meetingsGauge.set({ state: 'in_progress' }, s.meet.meetingsInProgress);
    meetingsGauge.set({ state: 'completed_today' }, s.meet.meetingsCompletedToday);
    meetingsGauge.set({ state: 'minted_today' }, s.meet.mintsToday);
    kycWaiting.set(s.kyc.waiting);
    kycOldest.set(s.kyc.oldestWaitSeconds ?? 0);
    for (const level of s.market) {
      const name = nftTypeName(level.level);
      sold.set({ level: name }, level.sold);
      revenue.set({ level: name }, whole(level.revenue));
      queued.set({ level: name }, level.queued);
    }
    pending.set({ type: 'deposit' }, s.wallet.depositsPending);
    pending.set({ type: 'withdrawal' }, s.wallet.withdrawalsPending);
    if (s.chain) {
      head.set(Number(s.chain.head));
      for (const worker of s.chain.workers) {
        if (worker.lag !== null) lag.set({ worker: worker.name }, worker.lag);
      }
      hot.set({ symbol: 'BNB' }, whole(s.chain.hotWallet.bnb));
      hot.set({ symbol: 'USDT' }, whole(s.chain.hotWallet.usdt));
    }
    rate.set(s.http.requestsPerMinute);
    errors.set(s.http.errorsPerMinute);
    p95.set(s.http.p95Ms ?? 0);
  };
}

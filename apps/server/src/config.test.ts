import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPO_ROOT } from './config.ts';

const tempDirs: string[] = [];
function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'meeet-config-'));
  tempDirs.push(dir);
  return dir;
}

describe('loadConfig', () => {
  afterEach(() => {
    for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('fills every default from an empty environment', () => {
    const dataDir = tempDataDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      nodeEnv: 'development',
      appEnv: 'development',
      host: '0.0.0.0',
      port: 3000,
      databaseUrl: undefined,
      dataDir,
      embeddedPgPort: 5433,
      logLevel: 'info',
      webDistDir: join(REPO_ROOT, 'apps/web/dist'),
      publicUrl: 'http://localhost:3000',
      trustProxy: false,
    });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('generates the development JWT secret once and keeps it in DATA_DIR', () => {
    const dataDir = tempDataDir();
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(first).toHaveLength(64);
    expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first);
  });

  it('reads typed values and treats empty variables as unset', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      APP_ENV: 'staging',
      PORT: '8080',
      PG_PORT: '',
      DATABASE_URL: 'postgres://u:p@db.example:5432/meeet',
      DATA_DIR: 'relative/data',
      PUBLIC_URL: 'https://meeet.example/',
      JWT_SECRET: 'x'.repeat(40),
      TRUST_PROXY: 'true',
    });
    expect(config).toMatchObject({
      nodeEnv: 'production',
      appEnv: 'staging',
      port: 8080,
      embeddedPgPort: 5433,
      databaseUrl: 'postgres://u:p@db.example:5432/meeet',
      dataDir: join(REPO_ROOT, 'relative/data'),
      publicUrl: 'https://meeet.example',
      jwtSecret: 'x'.repeat(40),
      trustProxy: true,
    });
  });

  it('lists every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({
        NODE_ENV: 'prod',
        APP_ENV: 'production',
        PORT: 'eighty',
        PG_PORT: '70000',
        DATABASE_URL: 'mysql://localhost/x',
        LOG_LEVEL: 'loud',
        PUBLIC_URL: 'not a url',
        TRUST_PROXY: 'maybe',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.map((p) => p.split(':')[0]);
    expect(problems.sort()).toEqual(
      [
        'NODE_ENV',
        'PORT',
        'PG_PORT',
        'DATABASE_URL',
        'LOG_LEVEL',
        'PUBLIC_URL',
        'TRUST_PROXY',
        'JWT_SECRET',
      ].sort(),
    );
    expect((error as Error).message).toContain('PORT');
  });

  it('requires a JWT_SECRET of at least 32 characters in a production deployment', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', APP_ENV: 'production' })).toThrow(
      /JWT_SECRET: required/,
    );
    expect(() => loadConfig({ APP_ENV: 'production', JWT_SECRET: 'short' })).toThrow(
      /JWT_SECRET: must be at least 32/,
    );
  });
});

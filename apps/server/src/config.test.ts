import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { english, generateMnemonic } from 'viem/accounts';
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
      // Development has no App Attest: unattested clients meet by their fingerprint.
      appAttest: { mode: 'optional', appId: undefined, environment: 'development' },
    });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('requires an App ID wherever App Attest is required, and refuses a malformed one', () => {
    expect(() => loadConfig({ DATA_DIR: tempDataDir(), APP_ATTEST: 'required' })).toThrow(
      /APP_ATTEST_APP_ID: required when APP_ATTEST=required/,
    );
    expect(() =>
      loadConfig({ DATA_DIR: tempDataDir(), APP_ATTEST_APP_ID: 'app.meeet.without.team' }),
    ).toThrow(/APP_ATTEST_APP_ID: must be TEAMID.bundle.id/);
    expect(() => loadConfig({ DATA_DIR: tempDataDir(), APP_ATTEST_ROOT_PEM: 'nope' })).toThrow(
      /APP_ATTEST_ROOT_PEM: must be a PEM/,
    );
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

  it('reads TRUST_PROXY as all, none, a hop count or proxy addresses', () => {
    const trust = (value: string) =>
      loadConfig({ NODE_ENV: 'test', TRUST_PROXY: value }).trustProxy;
    expect(trust('true')).toBe(true);
    expect(trust('')).toBe(false);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback')).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['10.0.0.0/33', 'proxy.example', '1.2.3.4,', 'yes']) {
      expect(() => trust(bad)).toThrow(/TRUST_PROXY/);
    }
  });

  it("names the chain's problems together with every other variable's", () => {
    const env = {
      NODE_ENV: 'test',
      PORT: 'eighty',
      CHAIN_RPC_URL: 'http://node.example',
      USDT_ADDRESS: '0x12',
    };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(
      expect.objectContaining({
        problems: expect.arrayContaining([
          expect.stringMatching(/^PORT:/),
          'CHAIN_ID: required when CHAIN_RPC_URL is set',
          'USDT_ADDRESS: must be 0x + 40 hex',
          'TOKEN_ADDRESS: required when CHAIN_RPC_URL is set',
          'MARKET_ADDRESS: required when CHAIN_RPC_URL is set',
        ]),
      }),
    );
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
        // Required in production; DATABASE_URL is set (badly), so it is listed once, above.
        'JWT_SECRET',
        'CHAIN_RPC_URL',
        'WALLET_MNEMONIC',
        'SMTP_URL',
        // App Attest is required in production: named in the same round as the rest.
        'APP_ATTEST_APP_ID',
      ].sort(),
    );
    expect((error as Error).message).toContain('PORT');
  });

  it('refuses the development stand-ins in a production deployment, naming every missing one', () => {
    let error: unknown;
    try {
      loadConfig({ APP_ENV: 'production', NODE_ENV: 'production', SMTP_URL: '' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'DATABASE_URL: required when APP_ENV=production',
      'CHAIN_RPC_URL: required when APP_ENV=production',
      'WALLET_MNEMONIC: required when APP_ENV=production',
      'JWT_SECRET: required when APP_ENV=production',
      'SMTP_URL: required when APP_ENV=production',
      'APP_ATTEST_APP_ID: required when APP_ATTEST=required',
    ]);
    const config = loadConfig({
      APP_ENV: 'production',
      DATABASE_URL: 'postgres://u:p@db.example:5432/meeet',
      CHAIN_RPC_URL: 'https://bsc-dataseed.bnbchain.org',
      CHAIN_ID: '56',
      USDT_ADDRESS: '0x55d398326f99059fF775485246999027B3197955',
      TOKEN_ADDRESS: '0x1111111111111111111111111111111111111111',
      MARKET_ADDRESS: '0x2222222222222222222222222222222222222222',
      HD_SEED: 'test test test test test test test test test test test junk',
      JWT_SECRET: 'x'.repeat(40),
      SMTP_URL: 'smtp://mail.example:587',
      APP_ATTEST_APP_ID: 'ABCDE12345.app.meeet',
    });
    expect(config).toMatchObject({
      appEnv: 'production',
      smtpUrl: 'smtp://mail.example:587',
      // Meetings need attested phones in production, Apple's production environment.
      appAttest: { mode: 'required', appId: 'ABCDE12345.app.meeet', environment: 'production' },
    });
  });

  it('keeps the embedded defaults for NODE_ENV=production outside a production deployment', () => {
    // `npm start` runs the built server with NODE_ENV=production on a newcomer's machine.
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: tempDataDir() });
    expect(config).toMatchObject({ nodeEnv: 'production', appEnv: 'development' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.chain.rpcUrl).toBeUndefined();
  });

  it('keeps everything in-process without REDIS_URL and refuses a non-Redis URL', () => {
    const dataDir = tempDataDir();
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({
      redisUrl: undefined,
      leaderRetryMs: 2000,
    });
    expect(
      loadConfig({ DATA_DIR: dataDir, REDIS_URL: 'redis://cache:6379/0', LEADER_RETRY_MS: '500' }),
    ).toMatchObject({ redisUrl: 'redis://cache:6379/0', leaderRetryMs: 500 });
    expect(() => loadConfig({ DATA_DIR: dataDir, REDIS_URL: 'http://cache:6379' })).toThrow(
      /REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/,
    );
  });

  it('requires a JWT_SECRET of at least 32 characters in a production deployment', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', APP_ENV: 'production' })).toThrow(
      /JWT_SECRET: required/,
    );
    expect(() => loadConfig({ APP_ENV: 'production', JWT_SECRET: 'short' })).toThrow(
      /JWT_SECRET: must be at least 32/,
    );
  });

  describe('chain', () => {
    const usdt = '0x55d398326f99059fF775485246999027B3197955';
    const token = '0x1111111111111111111111111111111111111111';
    const market = '0x2222222222222222222222222222222222222222';

    it('defaults to a local chain and a mnemonic generated once into DATA_DIR', () => {
      const dataDir = tempDataDir();
      const config = loadConfig({ DATA_DIR: dataDir });
      expect(config.chain).toMatchObject({
        rpcUrl: undefined,
        confirmations: 0,
        anvilPort: 8545,
        pollMs: 2000,
      });
      expect(config.chain.mnemonic.split(' ')).toHaveLength(12);
      expect(readFileSync(join(dataDir, 'wallet-mnemonic'), 'utf8').trim()).toBe(
        config.chain.mnemonic,
      );
      expect(loadConfig({ DATA_DIR: dataDir }).chain.mnemonic).toBe(config.chain.mnemonic);
      // Not enumerable: a logged or serialised config never shows it.
      expect(JSON.stringify(config)).not.toContain(config.chain.mnemonic);
    });

    it('reads a remote chain and requires its id and contracts', () => {
      const config = loadConfig({
        DATA_DIR: tempDataDir(),
        CHAIN_RPC_URL: 'https://bsc-dataseed.bnbchain.org',
        CHAIN_ID: '56',
        USDT_ADDRESS: usdt,
        TOKEN_ADDRESS: token,
        MARKET_ADDRESS: market,
        CHAIN_CONFIRMATIONS: '15',
        EXPLORER_URL: 'https://bscscan.com/',
        WALLET_MNEMONIC: 'test test test test test test test test test test test junk',
      });
      expect(config.chain).toMatchObject({
        rpcUrl: 'https://bsc-dataseed.bnbchain.org',
        chainId: 56,
        usdtAddress: usdt,
        confirmations: 15,
        explorerUrl: 'https://bscscan.com',
      });
      expect(() =>
        loadConfig({ DATA_DIR: tempDataDir(), CHAIN_RPC_URL: 'https://bsc-dataseed.bnbchain.org' }),
      ).toThrow(/CHAIN_ID: required[\s\S]*USDT_ADDRESS: required[\s\S]*MARKET_ADDRESS/);
    });

    it('refuses a mnemonic whose checksum word is wrong', () => {
      expect(() =>
        loadConfig({
          DATA_DIR: tempDataDir(),
          WALLET_MNEMONIC: 'test test test test test test test test test test test test',
        }),
      ).toThrow(/WALLET_MNEMONIC: must be a valid BIP-39 mnemonic/);
      expect(
        loadConfig({
          DATA_DIR: tempDataDir(),
          WALLET_MNEMONIC: generateMnemonic(english, 256),
        }).chain,
      ).toBeDefined();
    });

    it('refuses a bad mnemonic, bad addresses, and no mnemonic in production', () => {
      expect(() =>
        loadConfig({ DATA_DIR: tempDataDir(), WALLET_MNEMONIC: 'one two three' }),
      ).toThrow(/WALLET_MNEMONIC: must be a valid BIP-39 mnemonic/);
      expect(() => loadConfig({ DATA_DIR: tempDataDir(), USDT_ADDRESS: '0x12' })).toThrow(
        /USDT_ADDRESS: must be 0x/,
      );
      expect(() =>
        loadConfig({ DATA_DIR: tempDataDir(), APP_ENV: 'production', JWT_SECRET: 'x'.repeat(40) }),
      ).toThrow(/WALLET_MNEMONIC: required when APP_ENV=production/);
    });
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { apnsSigningKey } from './push.test-support.ts';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'meeet-push-config-'));
  dirs.push(dir);
  return dir;
}

const APNS = { APNS_KEY_ID: 'KEY1234567', APNS_TEAM_ID: 'TEAM123456', APNS_BUNDLE_ID: 'app.meeet' };

describe('push configuration', () => {
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('is off without APNs settings', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).push.apns).toBeUndefined();
  });

  it('reads the .p8 key from a file, never shows it, and picks the host by deployment', () => {
    const dir = tempDir();
    const { key } = apnsSigningKey();
    writeFileSync(join(dir, 'AuthKey.p8'), key);
    const config = loadConfig({ DATA_DIR: dir, APNS_KEY: join(dir, 'AuthKey.p8'), ...APNS });
    expect(config.push.apns).toMatchObject({ ...{ keyId: 'KEY1234567', teamId: 'TEAM123456' } });
    expect(config.push.apns?.key).toBe(key);
    expect(config.push.apns?.production).toBe(false);
    expect(JSON.stringify(config)).not.toContain('PRIVATE KEY');

    const inline = loadConfig({
      DATA_DIR: dir,
      APNS_KEY: key.replaceAll('\n', '\\n'),
      APNS_ENV: 'production',
      ...APNS,
    });
    expect(inline.push.apns?.key).toBe(key);
    expect(inline.push.apns?.production).toBe(true);
  });

  it('refuses a partial setting, a missing key file and malformed ids', () => {
    const DATA_DIR = tempDir();
    expect(() => loadConfig({ DATA_DIR, APNS_KEY_ID: 'KEY1234567' })).toThrow(
      /set all four or none/,
    );
    expect(() => loadConfig({ DATA_DIR, APNS_KEY: join(DATA_DIR, 'missing.p8'), ...APNS })).toThrow(
      /APNS_KEY: neither a PEM nor a readable file/,
    );
    expect(() => loadConfig({ DATA_DIR, APNS_TEAM_ID: 'team' })).toThrow(
      /APNS_TEAM_ID: must be the 10-character team id/,
    );
  });
});

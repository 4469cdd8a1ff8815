import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// The iOS build configuration as Expo resolves it (every config plugin applied), so a bad
// field or plugin fails here rather than on a Mac. No simulator is needed for this.
const root = join(__dirname, '..');

interface PublicConfig {
  name: string;
  icon: string;
  plugins: unknown[];
  locales: Record<string, string>;
  ios: {
    bundleIdentifier: string;
    supportsTablet: boolean;
    usesAppleSignIn: boolean;
    infoPlist: Record<string, string> & { UIBackgroundModes: string[] };
    entitlements: Record<string, string>;
  };
}

function publicConfig(): PublicConfig {
  const out = execFileSync(
    join(root, 'node_modules/.bin/expo'),
    ['config', '--type', 'public', '--json'],
    {
      cwd: root,
      env: { ...process.env, EXPO_OFFLINE: '1', EXPO_NO_TELEMETRY: '1', CI: '1' },
      encoding: 'utf8',
    },
  );
  return JSON.parse(out.slice(out.indexOf('{')));
}

describe('the iOS build configuration', () => {
  const config = publicConfig();

  it('names the app, its bundle id, icon and splash', () => {
    expect(config.name).toBe('MEEET');
    expect(config.ios.bundleIdentifier).toBe('app.meeet.ios');
    expect(config.ios.supportsTablet).toBe(false);
    expect(config.icon).toBe('./assets/icon.png');
    expect(JSON.stringify(config.plugins)).toContain('./assets/splash.png');
  });

  it('explains every permission iOS asks for, in English and Russian', () => {
    const keys = [
      'NSLocationWhenInUseUsageDescription',
      'NSLocationAlwaysAndWhenInUseUsageDescription',
      'NSBluetoothAlwaysUsageDescription',
      'NSCameraUsageDescription',
      'NSPhotoLibraryUsageDescription',
    ];
    const ru = JSON.parse(readFileSync(join(root, 'locales/ru.json'), 'utf8'));
    const en = JSON.parse(readFileSync(join(root, 'locales/en.json'), 'utf8'));
    for (const key of keys) {
      expect(config.ios.infoPlist[key]).toEqual(expect.stringMatching(/MEEET/));
      expect(en[key]).toBe(config.ios.infoPlist[key]);
      expect(ru[key]).toMatch(/[а-яё]/i);
    }
    expect(config.locales).toEqual({ en: './locales/en.json', ru: './locales/ru.json' });
  });

  it('asks for background location and Bluetooth only for meetings', () => {
    expect(config.ios.infoPlist.UIBackgroundModes).toEqual(
      expect.arrayContaining(['location', 'bluetooth-central', 'bluetooth-peripheral']),
    );
    expect(config.ios.usesAppleSignIn).toBe(true);
  });

  it('may attest its key with App Attest in the production environment', () => {
    expect(config.ios.entitlements['com.apple.developer.devicecheck.appattest-environment']).toBe(
      'production',
    );
  });

  it('builds for iOS 16.4 and later', () => {
    expect(JSON.stringify(config.plugins)).toContain('"deploymentTarget":"16.4"');
  });

  it('has an EAS profile per environment', () => {
    const eas = JSON.parse(readFileSync(join(root, 'eas.json'), 'utf8'));
    expect(Object.keys(eas.build)).toEqual(['development', 'preview', 'production']);
  });
});

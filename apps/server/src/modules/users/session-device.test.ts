import { describe, expect, it } from 'vitest';
import { sessionLabel } from '@meeet/core/rules/session-label';
import { countryOf, describeSession } from './session-device.ts';

describe('describeSession', () => {
  it('names browser and system from a browser user agent', () => {
    const device = describeSession(
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      null,
    );
    expect(device).toEqual({
      client: 'browser',
      browser: 'Microsoft Edge 131',
      os: 'Windows 10',
      country: null,
    });
    expect(sessionLabel(device, { app: 'MEEET app', unknown: 'unknown' })).toBe(
      'Microsoft Edge 131 · Windows 10',
    );
  });

  it('tells the app by its platform HTTP stack', () => {
    expect(describeSession('okhttp/4.12.0', null)).toMatchObject({ client: 'app', os: 'Android' });
    const ios = describeSession('MEEET/3 CFNetwork/1568 Darwin/24.0.0', null);
    expect(sessionLabel(ios, { app: 'MEEET app', unknown: 'unknown' })).toBe('MEEET app · iOS');
  });

  it('says nothing it does not know', () => {
    expect(describeSession(null, null)).toEqual({
      client: 'other',
      browser: null,
      os: null,
      country: null,
    });
    expect(describeSession('curl/8.5.0', '127.0.0.1')).toMatchObject({
      client: 'other',
      country: null,
    });
  });

  it('finds the country of a public address offline, none for a private one', () => {
    expect(countryOf('81.2.69.142')).toBe('GB');
    expect(countryOf('10.0.0.1')).toBeNull();
    expect(countryOf('not an ip')).toBeNull();
  });
});

import Bowser from 'bowser';
import geoip from 'geoip-country';
import { SessionClient } from '@meeet/core/api/security';

/** What a session's user agent and IP tell a person about it. */
export interface SessionDevice {
  client: SessionClient;
  browser: string | null;
  os: string | null;
  /** ISO 3166 country code, or null (a private or unknown address). */
  country: string | null;
}

/**
 * The app's requests leave through the platform's HTTP stack, whose user agent names no
 * browser: iOS sends `MEEET/… CFNetwork/… Darwin/…`, Android `okhttp/…`, Expo Go `Expo/…`.
 */
const APP_AGENT = /\b(CFNetwork|okhttp|Expo)\//i;

function nameWithMajor(name: string | undefined, version: string | undefined): string | null {
  if (!name) return null;
  const major = version?.split('.')[0];
  return major ? `${name} ${major}` : name;
}

/** The country of an IP from the offline GeoLite2 country table shipped with geoip-country. */
export function countryOf(ip: string | null): string | null {
  if (!ip) return null;
  return geoip.lookup(ip)?.country ?? null;
}

/** The device and place a session came from, as the sessions list and the new-device mail say. */
export function describeSession(userAgent: string | null, ip: string | null): SessionDevice {
  const country = countryOf(ip);
  if (!userAgent) return { client: SessionClient.OTHER, browser: null, os: null, country };
  if (APP_AGENT.test(userAgent)) {
    const os = /Darwin|CFNetwork/i.test(userAgent)
      ? 'iOS'
      : /okhttp/i.test(userAgent)
        ? 'Android'
        : null;
    return { client: SessionClient.APP, browser: null, os, country };
  }
  const parsed = Bowser.parse(userAgent);
  const browser = nameWithMajor(parsed.browser.name, parsed.browser.version);
  // Windows reports `NT 10.0` as its version and `10` as its version name.
  const osVersion = /^\d/.test(parsed.os.versionName ?? '')
    ? parsed.os.versionName
    : parsed.os.version;
  const os = nameWithMajor(parsed.os.name, osVersion);
  return {
    client: browser ? SessionClient.BROWSER : SessionClient.OTHER,
    browser,
    os,
    country,
  };
}

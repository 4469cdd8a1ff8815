/** MEEET's Bluetooth LE service: proximity tokens are advertised under this UUID. */
export const PROXIMITY_SERVICE_UUID = '6E4F0001-8A2B-4C3D-9E5F-4D45454554A1';

/**
 * iOS lets an app advertise only a local name and service UUIDs, no service data, and the name
 * is cut to a few bytes. A proximity token is 16 random bytes (32 hex digits), exactly a
 * 128-bit UUID, so it travels as a second service UUID beside MEEET's own.
 */
export function uuidOfToken(token: string): string {
  const t = token.toLowerCase();
  return `${t.slice(0, 8)}-${t.slice(8, 12)}-${t.slice(12, 16)}-${t.slice(16, 20)}-${t.slice(20)}`;
}

export function tokenOfUuid(uuid: string): string | null {
  const hex = uuid.replace(/-/g, '').toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(hex)) return null;
  if (hex === PROXIMITY_SERVICE_UUID.replace(/-/g, '').toLowerCase()) return null;
  return hex;
}

/** A token heard from another phone with its signal strength (dBm). */
export interface HeardToken {
  token: string;
  rssi: number;
  at: number;
}

/**
 * How the phone proves closeness during a meeting (issue 12): broadcast its current token and
 * report the tokens it hears. Where there is no Bluetooth (the web build, Bluetooth off, Expo
 * Go without the native module) `available()` is false and the meeting uses the code exchange.
 */
export interface ProximityRadio {
  available(): Promise<boolean>;
  startAdvertising(token: string): Promise<void>;
  stopAdvertising(): Promise<void>;
  startScanning(onHeard: (heard: HeardToken) => void): Promise<void>;
  stopScanning(): void;
}

/** MEEET's Bluetooth LE service: proximity tokens are advertised under this UUID. */
export const PROXIMITY_SERVICE_UUID = '6E4F0001-8A2B-4C3D-9E5F-4D45454554A1';

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

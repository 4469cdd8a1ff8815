import { BleManager, State } from 'react-native-ble-plx';
import { BleAdvertiser } from '../../modules/ble-advertiser/index.ts';
import {
  PROXIMITY_SERVICE_UUID,
  tokenOfUuid,
  uuidOfToken,
  type HeardToken,
  type ProximityRadio,
} from './proximity-types.ts';

export type { HeardToken, ProximityRadio } from './proximity-types.ts';

let manager: BleManager | null = null;
function ble(): BleManager {
  manager ??= new BleManager();
  return manager;
}

/** iOS: the Swift advertiser broadcasts, react-native-ble-plx scans. */
export const proximityRadio: ProximityRadio = {
  async available() {
    if (!BleAdvertiser) return false;
    try {
      return (await ble().state()) === State.PoweredOn;
    } catch {
      return false;
    }
  },
  async startAdvertising(token) {
    await BleAdvertiser?.start(uuidOfToken(token), PROXIMITY_SERVICE_UUID);
  },
  async stopAdvertising() {
    await BleAdvertiser?.stop();
  },
  async startScanning(onHeard: (heard: HeardToken) => void) {
    ble().startDeviceScan([PROXIMITY_SERVICE_UUID], { allowDuplicates: true }, (error, device) => {
      if (error || !device || device.rssi === null) return;
      for (const uuid of device.serviceUUIDs ?? []) {
        const token = tokenOfUuid(uuid);
        if (token) onHeard({ token, rssi: device.rssi, at: Date.now() });
      }
    });
  },
  stopScanning() {
    void manager?.stopDeviceScan();
  },
};

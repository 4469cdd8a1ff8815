import { BleManager, State } from 'react-native-ble-plx';
import { BleAdvertiser } from '../../modules/ble-advertiser/index.ts';
import { PROXIMITY_SERVICE_UUID, type HeardToken, type ProximityRadio } from './proximity-types.ts';

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
    await BleAdvertiser?.start(token, PROXIMITY_SERVICE_UUID);
  },
  async stopAdvertising() {
    await BleAdvertiser?.stop();
  },
  async startScanning(onHeard: (heard: HeardToken) => void) {
    ble().startDeviceScan([PROXIMITY_SERVICE_UUID], { allowDuplicates: true }, (error, device) => {
      if (error || !device?.localName || device.rssi === null) return;
      onHeard({ token: device.localName, rssi: device.rssi, at: Date.now() });
    });
  },
  stopScanning() {
    void manager?.stopDeviceScan();
  },
};

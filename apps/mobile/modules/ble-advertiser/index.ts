import { requireOptionalNativeModule } from 'expo-modules-core';

export type RadioState = 'on' | 'off' | 'unauthorized' | 'unsupported' | 'unknown';

/** The Swift module's surface (ios/BleAdvertiserModule.swift). */
export interface BleAdvertiserNative {
  state(): Promise<RadioState>;
  /** Advertises `tokenUuid` (the proximity token as a UUID) beside `serviceUuid`. */
  start(tokenUuid: string, serviceUuid: string): Promise<void>;
  stop(): Promise<void>;
}

/** Null where the native module is not built in (the web build, Expo Go, tests). */
export const BleAdvertiser = requireOptionalNativeModule<BleAdvertiserNative>('BleAdvertiser');

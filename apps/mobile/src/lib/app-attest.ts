import * as AppIntegrity from '@expo/app-integrity';
import { Platform } from 'react-native';
import type { AttestService } from './app-attest-types.ts';

/** App Attest on an iPhone that has it (not the simulator); null elsewhere. */
export const attestService: AttestService | null =
  Platform.OS === 'ios' && AppIntegrity.isSupported
    ? {
        generateKey: () => AppIntegrity.generateKeyAsync(),
        attestKey: (keyId, challenge) => AppIntegrity.attestKeyAsync(keyId, challenge),
        generateAssertion: (keyId, text) => AppIntegrity.generateAssertionAsync(keyId, text),
      }
    : null;

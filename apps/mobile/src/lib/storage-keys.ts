import { CLIENT_STORAGE_KEYS } from '@meeet/client/storage';

/** Spec §3 storage entries the app keeps: the auth record, the socket key, fingerprint, locale. */
export const STORAGE_KEYS = {
  // auth, accessKey, fp and locale: the entries the web keeps too (packages/client).
  ...CLIENT_STORAGE_KEYS,
  ghost: 'ghost',
  /** The install's App Attest key id (issue 39). */
  appAttestKey: 'appAttestKey',
  /** The APNs token registered with the server (issue 43), forgotten on sign-out. */
  pushToken: 'pushToken',
  /** Whether house ads may match the profile ('personalised' or 'general'; issue 43). */
  adsConsent: 'adsConsent',
} as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];
